/**
 * The Cloud Storage adapter against an in-memory stand-in for the bucket: the Storage emulator
 * needs Java, which this machine lacks, so these cases check what the adapter asks of the bucket
 * (firebase-admin's Bucket has the same methods) and the URL it answers, not Cloud Storage itself.
 */
import { describe, expect, it } from 'vitest';
import { cloudFileStorage, type StorageBucket } from './cloud-storage.js';
import { FileStorageUnavailableError } from './port.js';

type SaveOptions = Parameters<ReturnType<StorageBucket['file']>['save']>[1];

function memoryBucket(options: { failing?: boolean } = {}) {
  const objects = new Map<string, { data: Uint8Array; options: SaveOptions }>();
  let saves = 0;
  const bucket: StorageBucket = {
    name: 'sprocket-demo.firebasestorage.app',
    file: (path) => ({
      async exists() {
        if (options.failing) throw new Error('503 Service Unavailable');
        return [objects.has(path)];
      },
      async save(data, saveOptions) {
        saves += 1;
        objects.set(path, { data, options: saveOptions });
      },
    }),
  };
  return { bucket, objects, saves: () => saves };
}

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 9]);

describe('cloudFileStorage (against an in-memory bucket stand-in; no Storage emulator here)', () => {
  it('saves under uploads/ with its type, a year of immutable caching and a download token', async () => {
    const { bucket, objects } = memoryBucket();
    const url = await cloudFileStorage(() => bucket).save('f00d.jpg', jpeg, 'image/jpeg');
    const stored = objects.get('uploads/f00d.jpg');
    expect(stored?.data).toEqual(jpeg);
    expect(stored?.options).toMatchObject({
      contentType: 'image/jpeg',
      resumable: false,
      metadata: { cacheControl: 'public, max-age=31536000, immutable' },
    });
    const token = stored?.options.metadata.metadata.firebaseStorageDownloadTokens;
    expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(url).toBe(
      `https://firebasestorage.googleapis.com/v0/b/sprocket-demo.firebasestorage.app/o/uploads%2Ff00d.jpg?alt=media&token=${token}`,
    );
  });

  it("keeps a picture's resized copies with their own type and the same immutable caching (096)", async () => {
    const { bucket, objects } = memoryBucket();
    const files = cloudFileStorage(() => bucket);
    const avif = await files.save('f00d-640.avif', jpeg, 'image/avif');
    const webp = await files.save('f00d-640.webp', jpeg, 'image/webp');
    expect(avif).toMatch(/\/o\/uploads%2Ff00d-640\.avif\?alt=media&token=/);
    expect(webp).not.toBe(avif);
    expect(objects.get('uploads/f00d-640.avif')?.options).toMatchObject({
      contentType: 'image/avif',
      metadata: { cacheControl: 'public, max-age=31536000, immutable' },
    });
    expect(objects.get('uploads/f00d-640.webp')?.options.contentType).toBe('image/webp');
  });

  it('answers the same URL for the same name without uploading it again', async () => {
    const { bucket, saves } = memoryBucket();
    const files = cloudFileStorage(() => bucket);
    const first = await files.save('cafe.jpg', jpeg, 'image/jpeg');
    expect(await files.save('cafe.jpg', jpeg, 'image/jpeg')).toBe(first);
    expect(saves()).toBe(1);
  });

  it('looks the bucket up only when a file is saved', async () => {
    let lookups = 0;
    const { bucket } = memoryBucket();
    const files = cloudFileStorage(() => {
      lookups += 1;
      return bucket;
    });
    expect(lookups).toBe(0);
    await files.save('beef.jpg', jpeg, 'image/jpeg');
    expect(lookups).toBe(1);
  });

  it('turns a failing bucket into FileStorageUnavailableError (a 503), and refuses bad names', async () => {
    const files = cloudFileStorage(() => memoryBucket({ failing: true }).bucket);
    await expect(files.save('dead.jpg', jpeg, 'image/jpeg')).rejects.toBeInstanceOf(
      FileStorageUnavailableError,
    );
    await expect(files.save('../x.jpg', jpeg, 'image/jpeg')).rejects.toThrow(/Not a file name/);
  });

  it('turns a project without a default bucket (Storage not set up) into a 503 as well', async () => {
    const files = cloudFileStorage(() => {
      throw new Error('Bucket name not specified or invalid');
    });
    await expect(files.save('feed.jpg', jpeg, 'image/jpeg')).rejects.toBeInstanceOf(
      FileStorageUnavailableError,
    );
  });
});
