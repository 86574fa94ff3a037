/**
 * The shop's icons while it has no logo (docs/decisions/120): web/public/favicon.svg drawn as the
 * square PNG of each icon size, the way a logo's icons are made, kept in web/public/brand-icons.
 * `npx tsx scripts/default-brand-icons.ts` writes them again after the SVG changes; a test checks
 * that they are what it draws.
 */
import { readFile } from 'node:fs/promises';
import { BRAND_ICON_SIZES, type BrandIconSize } from '@sprocket/contract';
import { squareIcon } from './brand-logo.js';

export const DEFAULT_ICON_SOURCE = new URL('../../../../web/public/favicon.svg', import.meta.url);
export const defaultIconFile = (size: BrandIconSize) =>
  new URL(`../../../../web/public/brand-icons/${size}.png`, import.meta.url);

/** The SVG's 64 px drawn at 8 times its size, then each icon scaled down from it. */
const SOURCE_DENSITY = 72 * 8;

export async function drawDefaultIcons(): Promise<{ size: BrandIconSize; png: Uint8Array }[]> {
  const { default: sharp } = await import('sharp');
  const source = sharp(await readFile(DEFAULT_ICON_SOURCE), { density: SOURCE_DENSITY });
  return Promise.all(
    BRAND_ICON_SIZES.map(async (size) => ({ size, png: await squareIcon(source, size) })),
  );
}
