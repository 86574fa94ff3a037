import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_CATEGORIES, filterSpecsFor, partSchema, reviewSchema } from '@sprocket/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError, type DocData, type Store } from '../store/port.js';
import { retryWhileUnavailable } from '../store/retry-unavailable.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import { PARTS_ADDED_IN_4, seedParts, seedReviews } from './catalogue.js';
import { SEED_MARKER, SEED_VERSION, seedStore, type SeedResult } from './seed-store.js';
import { deadline } from '../../../scripts/test-deadlines.js';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..', '..', '..');
const partsDir = join(repoRoot, 'web', 'public', 'parts');

interface PartDoc extends DocData {
  productName: string;
  category?: string;
  img: string;
  order: number;
  quantity: number;
  price: number;
  description: string;
  createdAt: string;
}

interface ReviewDoc extends DocData {
  productName: string;
  img: string;
  email: string;
  review: string;
  rating: number;
  createdAt: string;
}

let dir: string;
let file: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sprocket-seed-'));
  file = join(dir, 'shop.sqlite');
  store = openSqliteStore(file);
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('seedStore', () => {
  it('seeds at least 24 sellable parts under their slugs, listed in catalogue order', async () => {
    const result = await seedStore(store);
    expect(result).toEqual({
      parts: seedParts.length,
      reviews: seedReviews.length,
      created: true,
      categorised: 0,
    });

    const parts = await store.query<PartDoc>('parts', { orderBy: [{ field: 'createdAt' }] });
    expect(parts.length).toBeGreaterThanOrEqual(24);
    expect(parts.map((doc) => doc.id)).toEqual(seedParts.map((seed) => seed.id));
    expect(new Set(parts.map((doc) => doc.data.productName)).size).toBe(parts.length);

    for (const { id, data } of parts) {
      expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(data).not.toHaveProperty('_id');
      expect(() => partSchema.validateSync(data, { strict: true })).not.toThrow();
      expect(data.description.length).toBeGreaterThan(70);
      expect(data.description.length).toBeLessThanOrEqual(300);
      expect(Number.isInteger(data.price)).toBe(true);
      expect(data.price).toBeGreaterThan(0);
      expect(data.order).toBeGreaterThanOrEqual(1);
      expect(data.order).toBeLessThanOrEqual(10);
      expect(data.quantity).toBeGreaterThanOrEqual(data.order);
      expect(data.img).toBe(`/parts/${id}.svg`);
      expect(existsSync(join(repoRoot, 'web', 'public', data.img))).toBe(true);
      expect(Number.isNaN(Date.parse(data.createdAt))).toBe(false);
    }
    const createdAt = parts.map((doc) => doc.data.createdAt);
    expect(new Set(createdAt).size).toBe(createdAt.length);
  });

  it('ships one small, self-contained 400×300 SVG per seeded part and no strays', () => {
    const files = readdirSync(partsDir).filter((name) => name.endsWith('.svg'));
    expect(files.sort()).toEqual(seedParts.map((seed) => `${seed.id}.svg`).sort());
    for (const name of files) {
      const path = join(partsDir, name);
      const svg = readFileSync(path, 'utf8');
      expect(statSync(path).size, name).toBeLessThan(6 * 1024);
      expect(svg, name).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 300"/,
      );
      expect(svg.trimEnd(), name).toMatch(/<\/svg>$/);
      // Nothing that would fetch from elsewhere or depend on installed fonts.
      expect(svg, name).not.toMatch(/href|<image|<text|url\(|@import|<script/i);
    }
  });

  it('seeds about a dozen reviews of seeded parts with ratings from 1 to 5', async () => {
    await seedStore(store);
    const reviews = await store.query<ReviewDoc>('reviews', { orderBy: [{ field: 'createdAt' }] });
    expect(reviews.length).toBeGreaterThanOrEqual(10);
    expect(reviews.length).toBeLessThanOrEqual(14);
    const parts = new Map(seedParts.map((seed) => [seed.productName, seed.img]));
    for (const { id, data } of reviews) {
      expect(id).toMatch(/^seed-review-\d{2}$/);
      expect(() => reviewSchema.validateSync(data, { strict: true })).not.toThrow();
      expect(Number.isInteger(data.rating)).toBe(true);
      expect(data.rating).toBeGreaterThanOrEqual(1);
      expect(data.rating).toBeLessThanOrEqual(5);
      expect(parts.get(data.productName)).toBe(data.img);
      expect(data.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    }
    const happy = reviews.filter((doc) => doc.data.rating >= 4).length;
    expect(happy / reviews.length).toBeGreaterThan(0.7);
  });

  it('seeds once: a second run keeps changed stock, deleted parts and removed reviews as they are', async () => {
    await seedStore(store);
    const [first, second] = seedParts;
    await store.update('parts', first!.id, { quantity: 3 });
    await store.delete('parts', second!.id);
    await store.delete('reviews', 'seed-review-01');

    const again = await seedStore(store);
    expect(again).toEqual({ parts: 0, reviews: 0, created: false, categorised: 0 });
    expect((await store.get<PartDoc>('parts', first!.id))?.data.quantity).toBe(3);
    expect(await store.get('parts', second!.id)).toBeNull();
    expect(await store.query('parts')).toHaveLength(seedParts.length - 1);
    expect(await store.get('reviews', 'seed-review-01')).toBeNull();
    expect(await store.query('reviews')).toHaveLength(seedReviews.length - 1);

    const marker = await store.get(SEED_MARKER.collection, SEED_MARKER.id);
    expect(marker?.data).toMatchObject({ version: SEED_VERSION });
  });

  it('files every seeded part under a category, and every category has parts', async () => {
    await seedStore(store);
    const parts = await store.query<PartDoc>('parts');
    const ids = DEFAULT_CATEGORIES.map((category) => category.id);
    for (const { id, data } of parts) expect(ids, id).toContain(data.category);
    const used = new Set(parts.map((doc) => doc.data.category));
    expect([...used].sort()).toEqual([...ids].sort());
  });

  it('gives the parts of a store seeded before categories their category on the next start', async () => {
    // A store as version 1 left it: the same parts without categories; an admin has since
    // deleted one, filed another, and added a part of their own.
    const [kept, deleted, filed] = seedParts;
    for (const { id, category: _category, ...fields } of seedParts) {
      await store.set('parts', id, fields);
    }
    await store.delete('parts', deleted!.id);
    await store.update('parts', filed!.id, { category: 'accessories' });
    await store.set('parts', 'admins-own-part', { productName: 'Bell', createdAt: '2026-01-01' });
    await store.set(SEED_MARKER.collection, SEED_MARKER.id, {
      version: 1,
      seededAt: '2025-05-01T00:00:00.000Z',
    });

    const result = await seedStore(store);
    expect(result).toEqual({
      parts: 0,
      reviews: 0,
      created: false,
      categorised: seedParts.length - 2,
    });
    expect((await store.get<PartDoc>('parts', kept!.id))?.data.category).toBe(kept!.category);
    expect(await store.get('parts', deleted!.id)).toBeNull();
    expect((await store.get<PartDoc>('parts', filed!.id))?.data.category).toBe('accessories');
    expect((await store.get<PartDoc>('parts', 'admins-own-part'))?.data.category).toBeUndefined();
    expect(await store.query('reviews')).toHaveLength(0);
    expect((await store.get(SEED_MARKER.collection, SEED_MARKER.id))?.data).toMatchObject({
      version: SEED_VERSION,
      seededAt: '2025-05-01T00:00:00.000Z',
    });
    expect((await seedStore(store)).categorised).toBe(0);
  });

  it('says what the seeded parts fit, with something under every headline filter', async () => {
    await seedStore(store);
    const parts = await store.query<PartDoc & { specs?: Record<string, unknown> }>('parts');
    for (const spec of filterSpecsFor(undefined))
      expect(
        parts.some(({ data }) => data.specs?.[spec.key] !== undefined),
        spec.key,
      ).toBe(true);
  });

  it('gives the parts of a store seeded before specs their specs on the next start', async () => {
    const [chain, other] = seedParts.filter((seed) => seed.specs);
    for (const { id, specs: _specs, ...fields } of seedParts) await store.set('parts', id, fields);
    await store.update('parts', other!.id, { specs: {} });
    await store.set(SEED_MARKER.collection, SEED_MARKER.id, {
      version: 2,
      seededAt: '2025-05-01T00:00:00.000Z',
    });
    await seedStore(store);
    expect((await store.get('parts', chain!.id))?.data.specs).toEqual(chain!.specs);
    // Specs an admin cleared stay cleared.
    expect((await store.get('parts', other!.id))?.data.specs).toEqual({});
  });

  it('adds the parts of version 4 to a store seeded before, once', async () => {
    for (const { id, ...fields } of seedParts)
      if (!PARTS_ADDED_IN_4.has(id)) await store.set('parts', id, fields);
    await store.set(SEED_MARKER.collection, SEED_MARKER.id, {
      version: 3,
      seededAt: '2025-05-01T00:00:00.000Z',
    });
    expect((await seedStore(store)).parts).toBe(PARTS_ADDED_IN_4.size);
    expect(await store.query('parts')).toHaveLength(seedParts.length);
    expect((await store.get('parts', 'shimano-hg601-chain'))?.data).toMatchObject({
      productName: 'Shimano 105 CN-HG601 11-Speed Chain',
      specs: { speeds: 11 },
    });
    expect((await seedStore(store)).parts).toBe(0);
  });

  it('names every seeded part’s brand, puts two on sale, and gives a store seeded before them', async () => {
    // Each seeded part passes the API's own rule: a valid GTIN-free record, a sale above the price.
    for (const { id: _id, createdAt: _at, ...fields } of seedParts)
      expect(() => partSchema.validateSync(fields), fields.productName).not.toThrow();
    expect(seedParts.every((seed) => seed.brand && seed.productName.startsWith(seed.brand))).toBe(
      true,
    );
    const onSale = seedParts.filter((seed) => (seed.compareAtPrice ?? 0) > seed.price);
    expect(onSale.map((seed) => seed.id)).toEqual([
      'perch-contour-saddle',
      'pumpwright-pocket-mini-pump',
    ]);
    // A store of version 4: an admin has branded one part and repriced the saddle.
    for (const { id, brand: _b, mpn: _m, weight: _w, compareAtPrice: _c, ...fields } of seedParts)
      await store.set('parts', id, fields);
    await store.update('parts', 'halden-cork-bar-tape', { brand: 'Fizik' });
    await store.update('parts', 'perch-contour-saddle', { price: 8999 });
    await store.set(SEED_MARKER.collection, SEED_MARKER.id, {
      version: 4,
      seededAt: '2025-05-01T00:00:00.000Z',
    });
    await seedStore(store);
    const data = async (id: string) => (await store.get('parts', id))?.data;
    expect(await data('shimano-hg601-chain')).toMatchObject({ brand: 'Shimano', mpn: 'CN-HG601' });
    expect(await data('pumpwright-pocket-mini-pump')).toMatchObject({
      brand: 'Pumpwright',
      weight: 95,
      compareAtPrice: 2999,
    });
    expect((await data('halden-cork-bar-tape'))?.brand).toBe('Fizik');
    // No sale on a price the admin changed: it may be above the seed's compare-at price.
    expect(await data('perch-contour-saddle')).toMatchObject({ brand: 'Perch', price: 8999 });
    expect(await data('perch-contour-saddle')).not.toHaveProperty('compareAtPrice');
  });

  it('seeds once when a run is asked again because the store answered it as unavailable', async () => {
    // The first run is written, but its answer is lost, as a commit's can be when the store is slow.
    let runs = 0;
    const answerLost: Store = {
      ...store,
      runTransaction: async (fn) => {
        const result = await store.runTransaction(fn);
        runs += 1;
        if (runs === 1) throw new StoreUnavailableError('Firestore is unavailable');
        return result;
      },
    };

    const result = await retryWhileUnavailable(() => seedStore(answerLost), {
      attempts: 3,
      firstDelayMs: 1_000,
      maxDelayMs: 1_000,
      sleep: async () => undefined,
    });

    expect(runs).toBe(2);
    expect(result.created).toBe(false);
    expect(await store.query('parts')).toHaveLength(seedParts.length);
    expect(await store.query('reviews')).toHaveLength(seedReviews.length);
  });

  it('keeps the data across reopening the file, as a second start does', async () => {
    await seedStore(store);
    await store.update('parts', seedParts[0]!.id, { quantity: 7 });
    await store.close();
    store = openSqliteStore(file);

    expect((await seedStore(store)).created).toBe(false);
    expect((await store.get<PartDoc>('parts', seedParts[0]!.id))?.data.quantity).toBe(7);
  });

  it('seeds once when two processes seed the same file at the same moment', async () => {
    const fixture = join(import.meta.dirname, 'seed-race.fixture.ts');
    const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
    // Both processes open the file first, then start seeding at the same instant.
    const startAt = String(Date.now() + 3000);
    const outputs = await Promise.all(
      [1, 2].map(() =>
        run(tsx, [fixture, file, startAt], { cwd: repoRoot, timeout: deadline(20_000) }),
      ),
    );
    const results = outputs.map(({ stdout }) => JSON.parse(stdout) as SeedResult);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await store.query('parts')).toHaveLength(seedParts.length);
    expect(await store.query('reviews')).toHaveLength(seedReviews.length);
  });
});
