import { createHash } from 'node:crypto';
import {
  IMAGE_UPLOAD_MAX_PIXELS,
  imageUploadMessages,
  type ImageUploadResult,
  type ImageUploadType,
  type PictureRendition,
} from '@sprocket/contract';
import type { FileStorage, StoredFile } from '../../files/port.js';
import { badRequest, notFound, unsupportedMediaType, validationFailed } from '../errors.js';
import { imageSizeOf } from './image-size.js';
import type { Store } from '../../store/port.js';
import { recordAudit, type AdminAct } from '../audit/audit-log.js';
import { renditionsOf } from './picture-renditions.js';

/** Each accepted type, how its files begin, and the extension its stored name gets. */
const SIGNATURES: {
  type: ImageUploadType;
  extension: string;
  matches(bytes: Uint8Array): boolean;
}[] = [
  {
    type: 'image/png',
    extension: 'png',
    matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    type: 'image/jpeg',
    extension: 'jpg',
    matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  },
  {
    // "RIFF", four bytes of length, "WEBP".
    type: 'image/webp',
    extension: 'webp',
    matches: (bytes) =>
      startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
      startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * The image's type, read from its first bytes (docs/decisions/021): the name and the
 * Content-Type header are the client's word, and a text file named .png says it is a PNG.
 */
export function imageTypeOf(bytes: Uint8Array) {
  return SIGNATURES.find((signature) => signature.matches(bytes));
}

/**
 * Keeps an uploaded product image under a name made of its content's hash, so the same image
 * uploaded twice is one file at one URL, with its copies resized for `srcset` beside it
 * ("{hash}-640.avif", docs/decisions/096); answers their URLs. An image whose bytes do not decode
 * is refused before anything is kept. The upload is in the audit log (docs/decisions/076),
 * written once the files are kept: a file store has no transaction.
 */
export async function uploadImage(
  { files, store }: { files: FileStorage; store: Store },
  bytes: Uint8Array,
  act: AdminAct,
): Promise<ImageUploadResult> {
  if (bytes.length === 0) throw badRequest(imageUploadMessages.empty);
  const image = imageTypeOf(bytes);
  if (!image) throw unsupportedMediaType(imageUploadMessages.wrongType);
  const size = imageSizeOf(image.type, bytes);
  if (!size) throw validationFailed({ image: imageUploadMessages.unreadable });
  if (size.width * size.height > IMAGE_UPLOAD_MAX_PIXELS) {
    throw validationFailed({ image: imageUploadMessages.tooManyPixels });
  }
  const copies = await renditionsOf(bytes, size.width);
  if (!copies) throw validationFailed({ image: imageUploadMessages.unreadable });
  const hash = createHash('sha256').update(bytes).digest('hex');
  const url = await files.save(`${hash}.${image.extension}`, bytes, image.type);
  const saved = await Promise.all(
    copies.map(async (copy) => ({
      ...copy,
      url: await files.save(`${hash}-${copy.width}.${copy.format}`, copy.bytes, copy.contentType),
    })),
  );
  const renditions: PictureRendition[] = [...new Set(saved.map((copy) => copy.width))].map(
    (width) => ({
      width,
      avif: saved.find((copy) => copy.width === width && copy.format === 'avif')?.url ?? '',
      webp: saved.find((copy) => copy.width === width && copy.format === 'webp')?.url ?? '',
    }),
  );
  await store.runTransaction(async (tx) => {
    recordAudit(tx, act, {
      kind: 'part.image',
      targetId: url,
      before: null,
      after: {
        type: image.type,
        bytes: bytes.length,
        ...size,
        widths: renditions.map((rendition) => rendition.width),
      },
    });
  });
  return { url, renditions };
}

/** A file the API serves itself (the local storage); 404 for any other name. */
export async function readFile(files: FileStorage, name: string): Promise<StoredFile> {
  const file = files.read ? await files.read(name) : null;
  if (!file) throw notFound('File');
  return file;
}
