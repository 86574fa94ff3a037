import type { Store } from '../store/port.js';
import { seedParts, seedReviews } from './catalogue.js';

/** Bump when the catalogue changes in a way worth recording; an existing shop is never reseeded. */
export const SEED_VERSION = 1;

export const SEED_MARKER = { collection: 'meta', id: 'seed' } as const;

export interface SeedResult {
  /** Parts written by this call (0 when the shop was already seeded). */
  parts: number;
  /** Reviews written by this call (0 when the shop was already seeded). */
  reviews: number;
  /** Whether this call seeded the store. */
  created: boolean;
}

/**
 * Seeds the catalogue once per store. The marker document, not the parts, records that seeding
 * happened, so stock changed by orders and parts deleted by an admin survive every later start.
 * Marker check and writes share one transaction: two processes starting together seed once.
 */
export async function seedStore(store: Store): Promise<SeedResult> {
  return store.runTransaction(async (tx) => {
    const marker = await tx.get(SEED_MARKER.collection, SEED_MARKER.id);
    if (marker) return { parts: 0, reviews: 0, created: false };

    for (const { id, ...fields } of seedParts) tx.set('parts', id, fields);
    for (const { id, ...fields } of seedReviews) tx.set('reviews', id, fields);
    tx.set(SEED_MARKER.collection, SEED_MARKER.id, {
      version: SEED_VERSION,
      seededAt: new Date().toISOString(),
    });
    return { parts: seedParts.length, reviews: seedReviews.length, created: true };
  });
}
