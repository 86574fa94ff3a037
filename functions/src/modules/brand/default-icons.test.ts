import { readFile } from 'node:fs/promises';
import { BRAND_ICON_SIZES, type BrandIconSize } from '@sprocket/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { defaultIconFile, drawDefaultIcons } from './default-icons.js';

const pixelsOf = async (png: Uint8Array) => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe("the shop's default icons", () => {
  it('are favicon.svg drawn as a square PNG at each icon size, as scripts/default-brand-icons.ts draws it', async () => {
    const drawn = await drawDefaultIcons();
    expect(drawn.map((icon) => icon.size)).toEqual([...BRAND_ICON_SIZES]);
    for (const { size, png } of drawn) {
      const kept = await pixelsOf(await readFile(defaultIconFile(size)));
      const fresh = await pixelsOf(png);
      expect({ size, width: kept.width, height: kept.height }).toEqual({
        size,
        width: size,
        height: size,
      });
      // Another build of libvips may smooth an edge a shade differently: the mean difference
      // per channel stays under 1 of 255 for the same picture, and is tens for another.
      let difference = 0;
      for (let index = 0; index < kept.data.length; index += 1) {
        difference += Math.abs((kept.data[index] ?? 0) - (fresh.data[index] ?? 0));
      }
      expect(
        difference / kept.data.length,
        `brand-icons/${size}.png differs: npx tsx scripts/default-brand-icons.ts`,
      ).toBeLessThan(1);
    }
  });

  it('fill the Apple touch icon on white and leave the others transparent at the corners', async () => {
    const corner = async (size: BrandIconSize) => [
      ...(await pixelsOf(await readFile(defaultIconFile(size)))).data.subarray(0, 4),
    ];
    expect(await corner(180)).toEqual([255, 255, 255, 255]);
    for (const size of [32, 192, 512] as const) expect((await corner(size))[3]).toBe(0);
  });
});
