/**
 * An uploaded picture's copies for `srcset` (docs/decisions/096): resized to each of
 * PICTURE_WIDTHS it is at least as wide as (never enlarged), each in AVIF and WebP, with sharp (libvips, prebuilt for this platform by its npm
 * packages). sharp is loaded on the first upload, so the API starts without it.
 */
import { IMAGE_UPLOAD_MAX_PIXELS, PICTURE_WIDTHS } from '@sprocket/contract';

export interface RenditionFile {
  width: number;
  format: 'avif' | 'webp';
  contentType: 'image/avif' | 'image/webp';
  bytes: Uint8Array;
}

/**
 * The widths a picture `width` pixels wide is resized to: none for one narrower than the
 * smallest, served as it is (a `320w` copy 64 px wide would tell the browser a wrong size).
 */
export const renditionWidths = (width: number): number[] =>
  PICTURE_WIDTHS.filter((each) => each <= width);

// Encoder effort: AVIF at 2 of 9 and WebP at 4 of 6 keep an upload of three sizes near a second
// on one core, for files a few percent larger than at the slowest settings.
const AVIF = { quality: 55, effort: 2 };
const WEBP = { quality: 78, effort: 4 };

/**
 * Every copy of the picture, or null when its bytes do not decode (a file whose header looks
 * right and whose image is broken).
 */
export async function renditionsOf(
  bytes: Uint8Array,
  width: number,
): Promise<RenditionFile[] | null> {
  const { default: sharp } = await import('sharp');
  const source = sharp(bytes, { limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS, failOn: 'error' })
    // The camera's orientation applied, so a portrait photo stays upright once its tags are gone.
    .rotate();
  try {
    const widths = renditionWidths(width);
    // A picture too narrow for copies is still decoded once, so a broken one is refused too.
    if (widths.length === 0) await source.stats();
    const copies = await Promise.all(
      widths.flatMap((each) => {
        const resized = source.clone().resize({ width: each });
        return [
          resized
            .clone()
            .avif(AVIF)
            .toBuffer()
            .then((data): RenditionFile => ({
              width: each,
              format: 'avif',
              contentType: 'image/avif',
              bytes: new Uint8Array(data),
            })),
          resized
            .clone()
            .webp(WEBP)
            .toBuffer()
            .then((data): RenditionFile => ({
              width: each,
              format: 'webp',
              contentType: 'image/webp',
              bytes: new Uint8Array(data),
            })),
        ];
      }),
    );
    return copies;
  } catch {
    return null;
  }
}
