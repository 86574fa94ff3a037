import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { localFileStorage } from './local.js';
import { FileStorageUnavailableError } from './port.js';

const dir = mkdtempSync(join(tmpdir(), 'sprocket-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('localFileStorage, on a real folder', () => {
  const files = localFileStorage(join(dir, 'nested', 'files'));

  it('saves a file and answers its address under the API, through the hosting rewrite', async () => {
    expect(await files.save('abc123.png', png, 'image/png')).toBe('/api/files/abc123.png');
    expect(await files.read('abc123.png')).toEqual({ bytes: png, contentType: 'image/png' });
  });

  it('saves the same name again in place, leaving no partial files behind', async () => {
    await Promise.all([1, 2, 3].map(() => files.save('same.webp', png, 'image/webp')));
    expect(readdirSync(join(dir, 'nested', 'files')).sort()).toEqual(['abc123.png', 'same.webp']);
    expect((await files.read('same.webp'))?.contentType).toBe('image/webp');
  });

  it("keeps a picture's resized AVIF copy under its width, served as image/avif (decision 096)", async () => {
    const avif = new Uint8Array([0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66]);
    expect(await files.save('abc123-640.avif', avif, 'image/avif')).toBe(
      '/api/files/abc123-640.avif',
    );
    expect(await files.read('abc123-640.avif')).toEqual({ bytes: avif, contentType: 'image/avif' });
  });

  it.each([
    'missing.png',
    '../local.test.ts',
    '..%2Fsecret.png',
    'a/b.png',
    '.hidden.png',
    'x.txt',
  ])('reads nothing for %s', async (name) => {
    expect(await files.read(name)).toBeNull();
  });

  it('refuses a name that is not a plain file name, or does not match its type', async () => {
    await expect(files.save('../escape.png', png, 'image/png')).rejects.toThrow();
    await expect(files.save('photo.png', png, 'image/jpeg')).rejects.toThrow();
  });
});

describe('localFileStorage on a full disk', () => {
  // Linux's /dev/full answers every write with ENOSPC, as a disk with no room left does.
  const full = localFileStorage(join(dir, 'full'), (_path, bytes) => writeFile('/dev/full', bytes));

  it('says the storage is unavailable (the API answers 503), and leaves nothing behind', async () => {
    await expect(full.save('big.png', png, 'image/png')).rejects.toBeInstanceOf(
      FileStorageUnavailableError,
    );
    expect(readdirSync(join(dir, 'full'))).toEqual([]);
  });
});
