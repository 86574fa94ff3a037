import { givenMerchandising, type PartSpecs } from '@sprocket/contract';
import type { Store } from '../store/port.js';
import { PARTS_ADDED_IN_4, seedParts, seedReviews } from './catalogue.js';

/**
 * Bump when the catalogue changes in a way worth recording; an existing shop is never reseeded,
 * only brought up to date (version 2: every part has a category; 3: seeded parts say what they
 * fit, docs/decisions/067; 4: four Shimano parts, so that "shimano 11 speed" finds some,
 * docs/decisions/095; 5: seeded parts name their brand, some their part number, weight and a
 * sale, docs/decisions/102).
 */
export const SEED_VERSION = 5;

export const SEED_MARKER = { collection: 'meta', id: 'seed' } as const;

export interface SeedResult {
  /** Parts written by this call (0 when the shop was already seeded; those added by an upgrade). */
  parts: number;
  /** Reviews written by this call (0 when the shop was already seeded). */
  reviews: number;
  /** Whether this call seeded the store. */
  created: boolean;
  /** Seeded parts of an older seeding that this call gave their category. */
  categorised: number;
}

type Marker = { version: number; seededAt: string; updatedAt?: string };

/**
 * Seeds the catalogue once per store. The marker document, not the parts, records that seeding
 * happened, so stock changed by orders and parts deleted by an admin survive every later start.
 * Marker check and writes share one transaction: two processes starting together seed once.
 *
 * A store seeded before parts had categories (version 1) gets the seeded parts' categories on
 * the next start: parts an admin deleted stay deleted and a category already set is kept. Parts
 * an admin added are shown under the default category until they are edited. A store seeded
 * before specs (version 2 or older) gets the seeded parts' specs where a part has none. A store
 * seeded before version 4 gets the parts added in it; before version 5, the
 * brands of the seeded parts that have none (and their part numbers, weights and sales).
 */
export async function seedStore(store: Store): Promise<SeedResult> {
  return store.runTransaction(async (tx) => {
    const marker = await tx.get<Marker>(SEED_MARKER.collection, SEED_MARKER.id);
    if (marker && marker.data.version >= SEED_VERSION) {
      return { parts: 0, reviews: 0, created: false, categorised: 0 };
    }
    if (marker) {
      const stored = await Promise.all(
        seedParts.map((seed) =>
          tx.get<{
            category?: string;
            specs?: PartSpecs;
            brand?: string | null;
            price?: number;
          }>('parts', seed.id),
        ),
      );
      const uncategorised = seedParts.filter((_, index) => {
        const doc = stored[index];
        return doc !== null && doc !== undefined && doc.data.category === undefined;
      });
      for (const seed of uncategorised) tx.update('parts', seed.id, { category: seed.category });
      seedParts.forEach((seed, index) => {
        const doc = stored[index];
        if (!seed.specs || !doc || doc.data.specs !== undefined) return;
        // Specs of the category the part is filed under now, whichever an admin chose.
        if ((doc.data.category ?? seed.category) === seed.category)
          tx.update('parts', seed.id, { specs: seed.specs });
      });
      // Version 5: a seeded part an admin has not given a brand gets the seed's (decision 102).
      seedParts.forEach((seed, index) => {
        const doc = stored[index];
        if (!doc || doc.data.brand != null) return;
        const { compareAtPrice, ...rest } = givenMerchandising(seed);
        // A sale only of the price it was seeded at: one an admin changed may be above it.
        const sale = doc.data.price === seed.price && compareAtPrice !== undefined;
        tx.update('parts', seed.id, { ...rest, ...(sale && { compareAtPrice }) });
      });
      const added = seedParts.filter(
        (seed, index) => marker.data.version < 4 && PARTS_ADDED_IN_4.has(seed.id) && !stored[index],
      );
      for (const { id, ...fields } of added) tx.set('parts', id, fields);
      tx.update(SEED_MARKER.collection, SEED_MARKER.id, {
        version: SEED_VERSION,
        updatedAt: new Date().toISOString(),
      });
      return { parts: added.length, reviews: 0, created: false, categorised: uncategorised.length };
    }

    for (const { id, ...fields } of seedParts) tx.set('parts', id, fields);
    for (const { id, ...fields } of seedReviews) tx.set('reviews', id, fields);
    tx.set(SEED_MARKER.collection, SEED_MARKER.id, {
      version: SEED_VERSION,
      seededAt: new Date().toISOString(),
    });
    return {
      parts: seedParts.length,
      reviews: seedReviews.length,
      created: true,
      categorised: 0,
    };
  });
}
