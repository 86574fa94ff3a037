/**
 * The local file-storage adapter: files in a folder (by default .data/files/), served by the API
 * itself at GET /files/{name}, a path that works through the hosting rewrite as well.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { API_BASE, apiPaths } from '@sprocket/contract';
import {
  FileStorageUnavailableError,
  isFileName,
  type FileStorage,
  type StoredFile,
} from './port.js';

/** Errors of the disk, not of the file: out of space or quota, or mounted read-only. */
const DISK_TROUBLE = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

/** The content types the local adapter keeps, by the extension its names carry. */
const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  // A picture's resized copies (docs/decisions/096).
  '.avif': 'image/avif',
};

const contentTypeOf = (name: string): string | undefined =>
  Object.hasOwn(CONTENT_TYPES, extname(name)) ? CONTENT_TYPES[extname(name)] : undefined;

/** How the adapter writes a file; a test hands it one that writes to /dev/full (a full disk). */
export type WriteFile = (path: string, bytes: Uint8Array) => Promise<void>;

export function localFileStorage(
  dir: string,
  write: WriteFile = writeFile,
): FileStorage & Required<Pick<FileStorage, 'read'>> {
  return {
    async save(name, bytes, contentType) {
      if (!isFileName(name) || contentTypeOf(name) !== contentType) {
        throw new Error(`Not a file name for ${contentType}: ${name}`);
      }
      // Written aside and renamed into place, so a reader never sees half a file and two saves of
      // the same name at once both leave a whole one.
      const partial = join(dir, `.${name}.${randomBytes(6).toString('hex')}.partial`);
      try {
        await mkdir(dir, { recursive: true });
        await write(partial, bytes);
        await rename(partial, join(dir, name));
      } catch (error) {
        await rm(partial, { force: true }).catch(() => undefined);
        // A full or read-only disk is the shop's trouble, not the upload's: 503, try again later.
        if (DISK_TROUBLE.has((error as NodeJS.ErrnoException).code ?? '')) {
          throw new FileStorageUnavailableError('The file storage is full or read-only', {
            cause: error,
          });
        }
        throw error;
      }
      return `${API_BASE}${apiPaths.file(name)}`;
    },
    async read(name): Promise<StoredFile | null> {
      const contentType = isFileName(name) ? contentTypeOf(name) : undefined;
      if (!contentType) return null;
      try {
        return { bytes: new Uint8Array(await readFile(join(dir, name))), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
