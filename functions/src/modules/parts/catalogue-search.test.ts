/**
 * GET /parts?q= over the seeded catalogue: the search forgives spellings, other names and small
 * typos (contract/src/parts/search-terms.ts, docs/decisions/057).
 */
import {
  catalogueSearch,
  TOTAL_COUNT_HEADER,
  type CataloguePart,
  type CatalogueQuery,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStore } from '../../seed/seed-store.js';
import { startApi, type Harness } from '../../testing/api-harness.js';

let api: Harness;

beforeAll(async () => {
  api = await startApi();
  await seedStore(api.store);
});
afterAll(async () => {
  await api?.close();
});

const search = async (query: CatalogueQuery) => {
  const response = await api.request<CataloguePart[]>('GET', `/parts${catalogueSearch(query)}`);
  expect(response.status).toBe(200);
  return {
    ids: response.body.map((part) => part._id),
    total: Number(response.headers.get(TOTAL_COUNT_HEADER)),
  };
};

const TYRES_AND_WHEELS = [
  'gritline-allroad-700x32-tyre',
  'gritline-presta-tube-700c', // "for 700c tyres"
  'rimrock-ar30-rim', // "for 28–45 mm tyres", and its category, Wheels and tyres
  'rimrock-centerlock-rear-hub', // its category
  'pumpwright-pocket-mini-pump', // "for road tyres"
];

describe('GET /parts?q= forgives how people type', () => {
  it('finds the tyres by "tyre", "tire", "Tires" and "TYRES", in the catalogue\'s order', async () => {
    const tyre = await search({ q: 'tyre' });
    expect(tyre.ids).toEqual(TYRES_AND_WHEELS);
    expect(tyre.total).toBe(TYRES_AND_WHEELS.length);
    for (const q of ['tire', 'Tires', 'TYRES'])
      expect((await search({ q })).ids, q).toEqual(tyre.ids);
  });

  it('finds chains with a typo: "chian"', async () => {
    expect((await search({ q: 'chian' })).ids).toEqual([
      'velotrack-cx12-chain',
      'velotrack-rd11-rear-derailleur', // "keeps the chain quiet"
      'sprocket-works-dry-chain-lube',
    ]);
    expect((await search({ q: 'casette' })).ids).toEqual(['velotrack-11-34-cassette']);
  });

  it('finds a part by the name other shops give it', async () => {
    expect((await search({ q: 'seat' })).ids).toContain('perch-contour-saddle');
    expect((await search({ q: 'derailer' })).ids).toEqual(['velotrack-rd11-rear-derailleur']);
    expect((await search({ q: 'bottle holder' })).ids).toEqual(['pumpwright-pocket-mini-pump']);
    expect((await search({ q: 'lamp' })).ids).toEqual([
      'brightlane-f800-front-light',
      'sprocket-works-shift-inner-cable', // "for light, precise indexing"
      'brightlane-r60-rear-light',
    ]);
  });

  it('keeps the filters and the sort, and still finds nothing for what is not there', async () => {
    expect((await search({ q: 'tire', category: 'wheels-and-tyres', sort: '-price' })).ids).toEqual(
      [
        'rimrock-centerlock-rear-hub',
        'rimrock-ar30-rim',
        'gritline-allroad-700x32-tyre',
        'gritline-presta-tube-700c',
      ],
    );
    const none = await search({ q: 'carbon frame' });
    expect(none.ids).toEqual([]);
    expect(none.total).toBe(0);
    // A short word is not guessed at: "chin" is nobody's chain.
    expect((await search({ q: 'chin' })).ids).toEqual([]);
  });
});
