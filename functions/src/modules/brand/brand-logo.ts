/**
 * The logo's upload (docs/decisions/104), through the pictures' pipeline (docs/decisions/096):
 * its type read from its bytes and its size from its header before anything is decoded, then,
 * with sharp, a PNG copy at most LOGO_SIZE px on its longer side for the pages, and its square
 * PNG icons (BRAND_ICON_SIZES: favicon, Apple touch icon, the manifest's), the logo centred on
 * transparency (on white for Apple's, which shows transparency as black). Files are named by the
 * upload's hash, so uploading the same logo again keeps the same addresses.
 */
import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import {
  BRAND_ICON_SIZES,
  brandMessages,
  IMAGE_UPLOAD_MAX_PIXELS,
  imageUploadMessages,
  LOGO_SIZE,
  type BrandIconSize,
  type BrandLogo,
} from '@sprocket/contract';
import type { FileStorage } from '../../files/port.js';
import type { Store } from '../../store/port.js';
import { recordAudit, type AdminAct } from '../audit/audit-log.js';
import { badRequest, unsupportedMediaType, validationFailed } from '../errors.js';
import { imageSizeOf } from '../images/image-size.js';
import { imageTypeOf } from '../images/images.service.js';

interface LogoFiles {
  copy: { bytes: Uint8Array; width: number; height: number };
  icons: { size: BrandIconSize; bytes: Uint8Array }[];
}

/** The icon whose transparency a device paints black: on white instead. */
const OPAQUE_ICON: BrandIconSize = 180;
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** An image as the square PNG icon of a size, centred (on white for the Apple touch icon). */
export async function squareIcon(source: Sharp, size: BrandIconSize): Promise<Uint8Array> {
  const background = size === OPAQUE_ICON ? WHITE : TRANSPARENT;
  const square = source.clone().resize({ width: size, height: size, fit: 'contain', background });
  const png = await (size === OPAQUE_ICON ? square.flatten({ background }) : square)
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/** The copy and the icons, or null when the bytes do not decode. */
async function logoFiles(bytes: Uint8Array): Promise<LogoFiles | null> {
  const { default: sharp } = await import('sharp');
  const source = sharp(bytes, { limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS, failOn: 'error' })
    // The camera's orientation applied, as for a part's pictures.
    .rotate();
  try {
    const [copy, ...icons] = await Promise.all([
      source
        .clone()
        .resize({ width: LOGO_SIZE, height: LOGO_SIZE, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer({ resolveWithObject: true }),
      ...BRAND_ICON_SIZES.map(async (size) => ({ size, bytes: await squareIcon(source, size) })),
    ]);
    return {
      copy: { bytes: new Uint8Array(copy.data), width: copy.info.width, height: copy.info.height },
      icons,
    };
  } catch {
    return null;
  }
}

/**
 * Keeps the logo's copy and icons and answers their addresses, for the brand form to save. A
 * file that is not a PNG, JPEG or WebP image, or does not decode, is refused before anything is
 * kept; the upload is in the audit log once its files are (a file store has no transaction).
 */
export async function uploadLogo(
  { files, store }: { files: FileStorage; store: Store },
  bytes: Uint8Array,
  act: AdminAct,
): Promise<BrandLogo> {
  if (bytes.length === 0) throw badRequest(imageUploadMessages.empty);
  const image = imageTypeOf(bytes);
  if (!image) throw unsupportedMediaType(brandMessages.logoWrongType);
  const size = imageSizeOf(image.type, bytes);
  if (!size) throw validationFailed({ logo: imageUploadMessages.unreadable });
  if (size.width * size.height > IMAGE_UPLOAD_MAX_PIXELS) {
    throw validationFailed({ logo: imageUploadMessages.tooManyPixels });
  }
  const made = await logoFiles(bytes);
  if (!made) throw validationFailed({ logo: imageUploadMessages.unreadable });
  const name = `logo-${createHash('sha256').update(bytes).digest('hex')}`;
  const [url, ...icons] = await Promise.all([
    files.save(`${name}.png`, made.copy.bytes, 'image/png'),
    ...made.icons.map((icon) => files.save(`${name}-${icon.size}.png`, icon.bytes, 'image/png')),
  ]);
  const logo: BrandLogo = {
    url: url ?? '',
    width: made.copy.width,
    height: made.copy.height,
    icons: Object.fromEntries(
      made.icons.map((icon, index) => [`${icon.size}`, icons[index] ?? '']),
    ) as BrandLogo['icons'],
  };
  await store.runTransaction(async (tx) => {
    recordAudit(tx, act, {
      kind: 'brand.logo',
      targetId: logo.url,
      before: null,
      after: { type: image.type, bytes: bytes.length, ...size },
    });
  });
  return logo;
}
