/**
 * The file-storage port (docs/architecture.md §5.1): where uploaded files (product images) are
 * kept and the address a browser loads them from. Domain code depends on this file only; the
 * adapters are local.ts (files under .data/, served by the API) and cloud-storage.ts (Cloud
 * Storage for Firebase).
 */

/** A stored file, as the API serves it where it serves its files itself. */
export interface StoredFile {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

export interface FileStorage {
  /**
   * Keeps `bytes` under `name` and answers the URL a browser loads it from. Names are chosen by
   * the caller from the content (docs/decisions/021), so saving a name again stores the same bytes
   * and answers the same URL.
   */
  save(name: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /**
   * The file of that name, or null when there is none (or the name could not be one). Only the
   * adapters whose URLs point back at the API have it; the others' files are served elsewhere.
   */
  read?(name: string): Promise<StoredFile | null>;
}

/**
 * What a file name may look like: a plain name with an extension, no folders, no dots of its
 * own. Checked on every name before it comes near a path or an object key.
 */
const FILE_NAME = /^[A-Za-z0-9_-]{1,128}\.[a-z0-9]{1,8}$/;

export const isFileName = (name: string): boolean => FILE_NAME.test(name);

/** The cache lifetime of a stored file: its name changes with its content, so a year and immutable. */
export const FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The file store could not be reached or failed; the API answers 503 so the client tries again. */
export class FileStorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FileStorageUnavailableError';
  }
}
