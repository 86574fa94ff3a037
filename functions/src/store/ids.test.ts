import { describe, expect, it } from 'vitest';
import { isSafeId, keyId } from './ids.js';

describe('isSafeId', () => {
  it('accepts the ids the store makes and the seeded slugs', () => {
    expect(isSafeId('velotrack-cx12-chain')).toBe(true);
    expect(isSafeId(keyId('cart', 'rider@sprocket.test'))).toBe(true);
    expect(isSafeId('_private_')).toBe(true);
  });

  it('refuses what Firestore forbids or reserves, which would be a 500 there', () => {
    for (const id of ['', 'a/b', '.', '..', 'a.b', '__name__', '____', '__x__', 'x'.repeat(129)])
      expect(isSafeId(id), id).toBe(false);
  });
});

describe('keyId', () => {
  it('keeps naming a key by the first 40 hex digits of its SHA-256, so stored documents are found again', () => {
    expect(keyId('cart', 'rider@sprocket.test')).toBe('ad67e5e35d60abf95ad4ae5e54ea6e60e3d29c0c');
  });
});
