import { describe, expect, it } from 'vitest';
import {
  pictureFieldsOn,
  picturesOf,
  picturesOn,
  srcSetOf,
  withFirstPictureAt,
  type PartPicture,
} from './part-pictures.js';

const origin = 'https://shop.example';
const front: PartPicture = {
  url: '/api/files/a.png',
  alt: 'From the front',
  renditions: [{ width: 320, avif: '/api/files/a-320.avif', webp: '/api/files/a-320.webp' }],
};
const side: PartPicture = { url: 'https://cdn.example/side.png', alt: 'From the side' };

describe("a part's pictures", () => {
  it('are its list, or its img alone described by its name', () => {
    expect(picturesOf({ img: front.url, productName: 'Chain', images: [front, side] })).toEqual([
      front,
      side,
    ]);
    expect(picturesOf({ img: '/parts/chain.svg', productName: 'Chain' })).toEqual([
      { url: '/parts/chain.svg', alt: 'Chain' },
    ]);
  });

  it('move their first to a new img, keeping its alt text and dropping its old copies', () => {
    expect(withFirstPictureAt([front, side], '/parts/new.svg')).toEqual([
      { url: '/parts/new.svg', alt: 'From the front' },
      side,
    ]);
    expect(withFirstPictureAt([front, side], front.url)).toEqual([front, side]);
  });

  it('are answered absolute on the origin and stored as paths again, copies included', () => {
    const answered = picturesOn(origin, [front, side]);
    expect(answered[0]?.renditions?.[0]?.avif).toBe(`${origin}/api/files/a-320.avif`);
    expect(answered[1]).toEqual(side);
    expect(pictureFieldsOn(origin, { images: answered })).toEqual({ images: [front, side] });
    expect(pictureFieldsOn(origin, { img: `${origin}/parts/x.svg` })).toEqual({
      img: '/parts/x.svg',
    });
  });

  it('offer each format as a srcset by width', () => {
    const copies = [320, 640].map((width) => ({
      width,
      avif: `a-${width}.avif`,
      webp: `a-${width}.webp`,
    }));
    expect(srcSetOf(copies, 'webp')).toBe('a-320.webp 320w, a-640.webp 640w');
  });
});
