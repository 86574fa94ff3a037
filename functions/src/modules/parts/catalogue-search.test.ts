/**
 * GET /parts?q= and GET /parts/suggest?q= over the seeded catalogue: the search forgives
 * spellings, other names and small typos (contract/src/parts/search-terms.ts, decision 057),
 * matches every word across a part's name, category and specifications (each size's too), ranks
 * exact words before close ones before synonyms, and offers completions, parts and Did you mean
 * (decision 095).
 */
import {
  apiPaths,
  catalogueSearch,
  TOTAL_COUNT_HEADER,
  type CataloguePart,
  type CatalogueQuery,
  type PartSuggestions,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStore } from '../../seed/seed-store.js';
import { startApi, type Harness } from '../../testing/api-harness.js';

let api: Harness;

beforeAll(async () => {
  // A snapshot kept a minute: once loaded, the fast reads answer (fast-reads.ts).
  api = await startApi({ env: { SHOP_CACHE_MAX_AGE_SECONDS: '60' } });
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

const suggest = async (q: string) => {
  const response = await api.request<PartSuggestions>('GET', apiPaths.partSuggestions(q));
  expect(response.status).toBe(200);
  return response.body;
};

describe('GET /parts?q= forgives how people type', () => {
  it('finds the tyre by "tyre", "tire", "Tires" and "TYRES", and no tube, rim, hub or pump', async () => {
    const tyre = await search({ q: 'tyre' });
    expect(tyre.ids).toEqual(['gritline-allroad-700x32-tyre']);
    expect(tyre.total).toBe(1);
    for (const q of ['tire', 'Tires', 'TYRES'])
      expect((await search({ q })).ids, q).toEqual(tyre.ids);
  });

  it('finds chains with a typo: "chian"', async () => {
    // Each has "chain" in its name: the catalogue's order.
    expect((await search({ q: 'chian' })).ids).toEqual([
      'velotrack-cx12-chain',
      'sprocket-works-dry-chain-lube',
      'shimano-hg601-chain',
    ]);
    expect((await search({ q: 'casette' })).ids).toEqual([
      'velotrack-11-34-cassette',
      'shimano-105-r7000-cassette',
      'shimano-deore-m6100-cassette',
    ]);
  });

  it('finds a part by the name other shops give it', async () => {
    expect((await search({ q: 'seat' })).ids).toContain('perch-contour-saddle');
    expect((await search({ q: 'derailer' })).ids).toEqual([
      'velotrack-rd11-rear-derailleur',
      'shimano-ultegra-r8000-rear-derailleur',
    ]);
    expect((await search({ q: 'lamp' })).ids).toEqual([
      'brightlane-f800-front-light',
      'brightlane-r60-rear-light',
    ]);
  });

  it('answers from descriptions only what nothing else answers: "bottle holder", "wax lube"', async () => {
    expect((await search({ q: 'bottle holder' })).ids).toEqual(['pumpwright-pocket-mini-pump']);
    expect((await search({ q: 'wax lube' })).ids).toEqual(['sprocket-works-dry-chain-lube']);
  });

  it('keeps the filters and an asked sort, and still finds nothing for what is not there', async () => {
    expect(
      (await search({ q: 'wheel', category: 'wheels-and-tyres', sort: '-price' })).ids,
    ).toEqual([
      'rimrock-centerlock-rear-hub',
      'rimrock-ar30-rim',
      'gritline-allroad-700x32-tyre',
      'gritline-presta-tube-700c',
    ]);
    const none = await search({ q: 'carbon frame' });
    expect(none.ids).toEqual([]);
    expect(none.total).toBe(0);
    // A short word is not guessed at: "chin" is nobody's chain.
    expect((await search({ q: 'chin' })).ids).toEqual([]);
  });
});

describe('GET /parts?q= matches every word across name, category and specifications', () => {
  it('finds 11-speed Shimano parts for "shimano 11 speed", those whose names say it all first', async () => {
    const { ids } = await search({ q: 'shimano 11 speed' });
    expect(ids).toEqual([
      'shimano-105-r7000-cassette',
      'shimano-hg601-chain',
      // "11 speed" in its name, Shimano in its specifications (a Shimano HG freehub).
      'velotrack-11-34-cassette',
      // Shimano in its name, 11 speeds in its specifications.
      'shimano-ultegra-r8000-rear-derailleur',
    ]);
    // Not the 12-speed Shimano cassette, nor the hub whose description says "HG 11-speed".
  });

  it('finds the parts whose specifications say 11 speeds for "11 speed"', async () => {
    const { ids } = await search({ q: '11 speed' });
    expect(new Set(ids)).toEqual(
      new Set([
        'velotrack-11-34-cassette',
        'velotrack-rd11-rear-derailleur',
        'velotrack-compact-crankset',
        'shimano-105-r7000-cassette',
        'shimano-hg601-chain',
        'shimano-ultegra-r8000-rear-derailleur',
      ]),
    );
  });

  it('ranks exact words first, then starts of words and typos, then other names', async () => {
    // "disc" in their names, then in a rim's specifications (disc brakes only).
    expect((await search({ q: 'disc' })).ids).toEqual([
      'stopwell-organic-disc-pads',
      'rimrock-centerlock-rear-hub',
      'stopwell-160mm-disc-rotor',
      'rimrock-ar30-rim',
    ]);
    // The rotor by its name; the parts for disc brakes, a related term, after it.
    expect((await search({ q: 'rotor' })).ids[0]).toBe('stopwell-160mm-disc-rotor');
    const cog = await search({ q: 'cog' });
    // Sprocket Works' name says "sprocket" (another name for a cog), cassettes are related: last.
    expect(cog.ids.slice(-3)).toEqual([
      'velotrack-11-34-cassette',
      'shimano-105-r7000-cassette',
      'shimano-deore-m6100-cassette',
    ]);
    // An asked sort keeps its order over relevance.
    const byPrice = await search({ q: 'shimano 11 speed', sort: 'price' });
    expect(byPrice.ids[0]).toBe('shimano-hg601-chain');
  });
});

describe('GET /parts/suggest?q=', () => {
  it('completes the last word and offers the most relevant parts', async () => {
    const typed = await suggest('shimano 11 sp');
    expect(typed.searches).toEqual(['shimano 11 speeds', 'shimano 11 speed']);
    expect(typed.parts.map((part) => part._id).slice(0, 2)).toEqual([
      'shimano-105-r7000-cassette',
      'shimano-hg601-chain',
    ]);
    expect(typed.parts[0]).toEqual({
      _id: 'shimano-105-r7000-cassette',
      productName: 'Shimano 105 CS-R7000 11-Speed Cassette 11–30T',
      category: 'drivetrain',
    });
    expect(typed.didYouMean).toBeNull();
    // The same again, now from the snapshot kept before Hono.
    expect(await suggest('shimano 11 sp')).toEqual(typed);
  });

  it('says what was meant when the words find nothing', async () => {
    expect((await suggest('shimnao casete')).didYouMean).toBe('shimano cassette');
    // Every word is known, but not together: the words that find the most parts together.
    expect((await suggest('shimano 12 speed chain')).didYouMean).toBe('12 speed chain');
    expect((await suggest('xyzzy')).didYouMean).toBeNull();
  });

  it('offers nothing for less than two letters, and refuses a text past the limit', async () => {
    expect(await suggest('s')).toEqual({ searches: [], parts: [], didYouMean: null });
    const long = await api.request('GET', apiPaths.partSuggestions('x'.repeat(101)));
    expect(long.status).toBe(422);
  });
});
