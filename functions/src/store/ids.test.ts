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
