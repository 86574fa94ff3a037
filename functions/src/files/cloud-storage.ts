/**
 * The production file-storage adapter: Cloud Storage for Firebase, through firebase-admin's
 * `getStorage().bucket()`. Files are served by Firebase Storage at download-token URLs, which need
 * no public bucket and no Storage security rule.
 */
import { createHash } from 'node:crypto';
import {
  FILE_CACHE_CONTROL,
  FileStorageUnavailableError,
  isFileName,
  type FileStorage,
} from './port.js';

/** The object metadata Firebase Storage reads the download tokens from. */
// A type, not an interface: @google-cloud/storage 8 takes metadata as an index signature, which
// only a type literal satisfies.
type ObjectMetadata = {
  cacheControl: string;
  metadata: { firebaseStorageDownloadTokens: string };
};

/** The part of a bucket this adapter uses (firebase-admin's Bucket has it; the tests a stand-in). */
export interface StorageBucket {
  name: string;
  file(path: string): {
    exists(): Promise<[boolean]>;
    save(
      data: Uint8Array,
      options: { contentType: string; resumable: false; metadata: ObjectMetadata },
    ): Promise<void>;
  };
}

/** Where uploads live in the bucket, apart from anything else kept there. */
export const UPLOADS_FOLDER = 'uploads';

/**
 * The object's download token: derived from its name, which is derived from its content, so a
 * second upload of the same image answers the same URL without reading the object's metadata.
 * It guards nothing the name does not already: the images are the shop's public catalogue.
 */
function downloadToken(name: string): string {
  const hex = createHash('sha256').update(`download-token\n${name}`).digest('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}

/**
 * `bucket` is called on the first save, so a project without Storage set up still starts (and
 * the Storage client is loaded only then).
 */
export function cloudFileStorage(
  bucket: () => StorageBucket | Promise<StorageBucket>,
): FileStorage {
  return {
    async save(name, bytes, contentType) {
      if (!isFileName(name)) throw new Error(`Not a file name: ${name}`);
      const path = `${UPLOADS_FOLDER}/${name}`;
      const token = downloadToken(name);
      let target: StorageBucket;
      try {
        // Throws when the project has no default bucket (Storage not set up): logged, a 503.
        target = await bucket();
        const object = target.file(path);
        const [exists] = await object.exists();
        if (!exists) {
          await object.save(bytes, {
            contentType,
            resumable: false,
            metadata: {
              cacheControl: FILE_CACHE_CONTROL,
              metadata: { firebaseStorageDownloadTokens: token },
            },
          });
        }
      } catch (error) {
        throw new FileStorageUnavailableError('Cloud Storage failed to save the file', {
          cause: error,
        });
      }
      return `https://firebasestorage.googleapis.com/v0/b/${target.name}/o/${encodeURIComponent(path)}?alt=media&token=${token}`;
    },
  };
}
