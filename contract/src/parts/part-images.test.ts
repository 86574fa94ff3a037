import { describe, expect, it } from 'vitest';
import { imagePathOn, imageUrlOn, imageUrlsInJson } from './part-images.js';

const SHOP = 'https://shop.example';

describe("a part's picture", () => {
  it('is answered as an absolute URL on the shop, and stored as its path', () => {
    expect(imageUrlOn(SHOP, '/parts/chain.svg')).toBe('https://shop.example/parts/chain.svg');
    expect(imagePathOn(SHOP, 'https://shop.example/parts/chain.svg')).toBe('/parts/chain.svg');
  });

  it('leaves other web addresses, and a protocol-relative one, as they are', () => {
    for (const img of ['https://cdn.example/a.png', '//cdn.example/a.png', '']) {
      expect(imageUrlOn(SHOP, img)).toBe(img);
      expect(imagePathOn(SHOP, img)).toBe(img);
    }
    expect(imagePathOn(SHOP, 'https://shop.example.evil/a.png')).toBe(
      'https://shop.example.evil/a.png',
    );
  });

  it('is made absolute in an answer’s JSON, everywhere and only in img', () => {
    const json = JSON.stringify({
      lines: [{ img: '/parts/a.svg', note: '/parts/a.svg' }, { img: 'https://x.example/b.png' }],
      part: { img: '/api/files/c.jpg' },
    });
    expect(JSON.parse(imageUrlsInJson(json, SHOP))).toEqual({
      lines: [
        { img: 'https://shop.example/parts/a.svg', note: '/parts/a.svg' },
        { img: 'https://x.example/b.png' },
      ],
      part: { img: 'https://shop.example/api/files/c.jpg' },
    });
  });
});
