/**
 * A part's pictures (issue 36 item 3, docs/decisions/096): an ordered list, the first the card's
 * and the product page's main picture. Each has its alt text and, when it was uploaded, copies
 * resized to PICTURE_WIDTHS in AVIF and WebP that the browser picks from through `srcset`.
 * The original API's `img` is the first picture's address, so its clients keep working.
 */
import { imagePathOn, imageUrlOn } from './part-images.js';

/** The widths, in pixels, an upload is resized to: a phone's card, a tablet's, a wide screen's. */
export const PICTURE_WIDTHS = [320, 640, 1280] as const;
/** The most pictures a part has: enough for every angle, few enough for a product page. */
export const PICTURES_MAX = 8;
/** An alt text describes the picture in a sentence, not a caption essay. */
export const PICTURE_ALT_MAX = 150;

// Types, not interfaces: a stored document's fields must fit an index signature (store/port.ts).
/** One resized copy of an uploaded picture, in both formats. */
export type PictureRendition = {
  width: number;
  avif: string;
  webp: string;
};

export type PartPicture = {
  /** The picture as uploaded or given: a web address or a path on the shop's site. */
  url: string;
  /** What the picture shows, for those who cannot see it. */
  alt: string;
  /** The resized copies, narrowest first; absent for a picture given by its address. */
  renditions?: PictureRendition[];
};

export const pictureMessages = {
  tooMany: `A part has at most ${PICTURES_MAX} pictures`,
  none: 'Add at least one picture',
  altRequired: 'Describe the picture in a few words (its alt text)',
  altTooLong: `Alt text must be at most ${PICTURE_ALT_MAX} characters`,
};

/**
 * The part's pictures: those it keeps, or, for a part that only has the original `img` (added by
 * a client of the original API, or before pictures existed), that one described by its name.
 */
export function picturesOf(part: {
  img: string;
  productName: string;
  images?: readonly PartPicture[];
}): PartPicture[] {
  return part.images && part.images.length > 0
    ? part.images.map((picture) => ({ ...picture }))
    : [{ url: part.img, alt: part.productName }];
}

/**
 * The pictures after an edit that sets only the original `img`: the first picture takes the new
 * address (its resized copies were of the old file, so they go) and keeps its alt text.
 */
export function withFirstPictureAt(pictures: readonly PartPicture[], img: string): PartPicture[] {
  const [first, ...rest] = pictures;
  if (first?.url === img) return [...pictures];
  return [{ url: img, alt: first?.alt ?? '' }, ...rest];
}

/** Every address of the pictures through `address` (made absolute, or a path again). */
function mapAddresses(
  pictures: readonly PartPicture[],
  address: (url: string) => string,
): PartPicture[] {
  return pictures.map(({ url, alt, renditions }) => ({
    url: address(url),
    alt,
    ...(renditions && {
      renditions: renditions.map(({ width, avif, webp }) => ({
        width,
        avif: address(avif),
        webp: address(webp),
      })),
    }),
  }));
}

/** The pictures as the API answers them: site paths absolute on `origin` (decision 056). */
export const picturesOn = (origin: string, pictures: readonly PartPicture[]) =>
  mapAddresses(pictures, (url) => imageUrlOn(origin, url));

/** The pictures as the shop stores them: addresses on `origin` made paths again. */
export const picturePathsOn = (origin: string, pictures: readonly PartPicture[]) =>
  mapAddresses(pictures, (url) => imagePathOn(origin, url));

/** A `srcset` of one format's copies ("…-320.avif 320w, …-640.avif 640w"). */
export const srcSetOf = (renditions: readonly PictureRendition[], format: 'avif' | 'webp') =>
  renditions.map((rendition) => `${rendition[format]} ${rendition.width}w`).join(', ');

/**
 * The picture fields of a part's input as the shop stores them (`img` and `images`, each only if
 * sent): addresses on `origin` made paths again.
 */
export function pictureFieldsOn(
  origin: string,
  input: { img?: string; images?: readonly PartPicture[] },
): { img?: string; images?: PartPicture[] } {
  return {
    ...(input.img !== undefined && { img: imagePathOn(origin, input.img) }),
    ...(input.images !== undefined && { images: picturePathsOn(origin, input.images) }),
  };
}
