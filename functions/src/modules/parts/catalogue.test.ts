/**
 * GET /parts with query parameters (search, filters, sort, pages) and the catalogue snapshot
 * behind it: a write through the API shows at once, a write behind the app's back (another
 * instance) within the max age (docs/decisions/020).
 */
import {
  catalogueSearch,
  TOTAL_COUNT_HEADER,
  type CataloguePart,
  type CatalogueQuery,
  type InsertResult,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { RELOAD_GRACE_MS } from './catalogue-snapshot.js';
import { deadline } from '../../../../scripts/test-deadlines.js';

const MAX_AGE_SECONDS = 60;

let api: Harness;
let admin: TestUser;
let reviewers: TestUser[];
/** Part ids by their short name. */
const ids: Record<string, string> = {};

const catalogue = [
  // name, category, price, stock, minimum order, description
  ['Chain', 'drivetrain', 2500, 40, 1, '11-speed chain with a quick link.'],
  ['Cassette', 'drivetrain', 6900, 3, 1, 'An 11–34 cassette for climbing.'],
  ['Brake pads', 'brakes', 1500, 0, 1, 'Resin pads for hydraulic disc brakes.'],
  ['Rotor', 'brakes', 3200, 10, 2, 'A 160 mm rotor, six bolts.'],
  ['Pédale plate', 'pedals', 4500, 1, 2, 'Flat pedals; the stock is below the minimum order.'],
  ['Saddle', 'saddles', 5200, 8, 1, 'A short saddle with a cut-out for the chain-gang rides.'],
] as const;

beforeAll(async () => {
  // Reviews set up the rating figures; who may write one is reviews' own test.
  api = await startApi({
    env: {
      SHOP_CACHE_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
      SHOP_REVIEWS_REQUIRE_PURCHASE: 'false',
      SHOP_REVIEWS_PER_HOUR: '1000',
    },
  });
  admin = await api.admin();
  reviewers = await Promise.all([api.customer('reviewer'), api.customer('reviewer')]);
  for (const [name, category, price, quantity, order, description] of catalogue) {
    // POST /parts refuses a minimum order above the stock; the sold-out parts get theirs after.
    const added = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: {
        productName: name,
        category,
        price,
        quantity: Math.max(quantity, order),
        order,
        description,
        img: '/p.svg',
      },
    });
    ids[name] = added.body.insertedId;
    if (quantity < order) {
      await api.request('PUT', `/parts/${added.body.insertedId}`, {
        token: admin.token,
        json: { deliveredQuantity: quantity },
      });
    }
    // Each part a second newer than the one before, for the newest-first sort.
    api.advanceClock(1000);
  }
  // The rotor is rated 5 and 4 (4.5), the chain 5 (one review), the saddle 2.
  const review = (user: TestUser, part: string, rating: number) =>
    api.request('POST', '/reviews', {
      token: user.token,
      json: { partId: ids[part], review: 'Did what it should.', rating },
    });
  await review(reviewers[0]!, 'Rotor', 5);
  await review(reviewers[1]!, 'Rotor', 4);
  await review(reviewers[0]!, 'Chain', 5);
  await review(reviewers[1]!, 'Saddle', 2);
});
afterAll(async () => {
  await api?.close();
});

const list = (query: CatalogueQuery) =>
  api.request<CataloguePart[]>('GET', `/parts${catalogueSearch(query)}`);
const names = (parts: CataloguePart[]) => parts.map((part) => part.productName);

describe('GET /parts without parameters', () => {
  it("answers the whole catalogue in the order parts were added, the original API's array", async () => {
    const response = await api.request<CataloguePart[]>('GET', '/parts');
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(catalogue.map(([name]) => name));
    expect(response.headers.get(TOTAL_COUNT_HEADER)).toBe(String(catalogue.length));
  });

  it("carries each part's category and the figures of its reviews", async () => {
    const { body } = await api.request<CataloguePart[]>('GET', '/parts');
    const rotor = body.find((part) => part._id === ids.Rotor);
    expect(rotor).toMatchObject({ category: 'brakes', averageRating: 4.5, reviewCount: 2 });
    const pads = body.find((part) => part._id === ids['Brake pads']);
    expect(pads).toMatchObject({ averageRating: null, reviewCount: 0 });
  });
});

describe('GET /parts with parameters', () => {
  it('finds every word of the text in the name or category, in any case or accent; in the description when nothing else answers', async () => {
    // Not the saddle "for the chain-gang rides" (decision 095)…
    expect(names((await list({ q: 'CHAIN' })).body)).toEqual(['Chain']);
    // …which its description finds when no name does.
    expect(names((await list({ q: 'gang' })).body)).toEqual(['Saddle']);
    expect(names((await list({ q: 'chain quick' })).body)).toEqual(['Chain']);
    expect(names((await list({ q: 'brakes' })).body)).toEqual(['Brake pads', 'Rotor']);
    expect(names((await list({ q: 'pedale' })).body)).toEqual(['Pédale plate']);
    const none = await list({ q: 'carbon frame' });
    expect(none.body).toEqual([]);
    expect(none.headers.get(TOTAL_COUNT_HEADER)).toBe('0');
  });

  it('filters by category, price range and stock', async () => {
    expect(names((await list({ category: 'brakes' })).body)).toEqual(['Brake pads', 'Rotor']);
    expect(names((await list({ minPrice: 2500, maxPrice: 5200 })).body)).toEqual([
      'Chain',
      'Rotor',
      'Pédale plate',
      'Saddle',
    ]);
    // In stock means the stock covers the minimum order: the pedals (1 left, minimum 2) are not.
    expect(names((await list({ inStock: true })).body)).toEqual([
      'Chain',
      'Cassette',
      'Rotor',
      'Saddle',
    ]);
    expect(names((await list({ inStock: false })).body)).toEqual(['Brake pads', 'Pédale plate']);
    expect(names((await list({ category: 'drivetrain', maxPrice: 3000 })).body)).toEqual(['Chain']);
  });

  it('sorts by price, name, newest and rating', async () => {
    expect(names((await list({ sort: 'price' })).body)).toEqual([
      'Brake pads',
      'Chain',
      'Rotor',
      'Pédale plate',
      'Saddle',
      'Cassette',
    ]);
    expect(names((await list({ sort: '-price' })).body)[0]).toBe('Cassette');
    expect(names((await list({ sort: 'name' })).body)).toEqual([
      'Brake pads',
      'Cassette',
      'Chain',
      'Pédale plate',
      'Rotor',
      'Saddle',
    ]);
    expect(names((await list({ sort: 'newest' })).body)).toEqual(
      catalogue.map(([name]) => name).reverse(),
    );
    // The best average first (5 from one review, then 4.5 from two), then 2, the unrated last.
    expect(names((await list({ sort: 'rating' })).body).slice(0, 3)).toEqual([
      'Chain',
      'Rotor',
      'Saddle',
    ]);
  });

  it('answers one page at a time, with the number of matches in X-Total-Count', async () => {
    const first = await list({ sort: 'name', pageSize: 4 });
    expect(names(first.body)).toEqual(['Brake pads', 'Cassette', 'Chain', 'Pédale plate']);
    expect(first.headers.get(TOTAL_COUNT_HEADER)).toBe('6');
    const second = await list({ sort: 'name', pageSize: 4, page: 2 });
    expect(names(second.body)).toEqual(['Rotor', 'Saddle']);
    expect(second.headers.get(TOTAL_COUNT_HEADER)).toBe('6');
    const past = await list({ sort: 'name', pageSize: 4, page: 3 });
    expect(past.body).toEqual([]);
    expect(past.headers.get(TOTAL_COUNT_HEADER)).toBe('6');
  });

  it.each([
    ['an unknown category', 'category=frames', 'category'],
    ['a price written as 1e3', 'minPrice=1e3', 'minPrice'],
    ['a negative price', 'maxPrice=-5', 'maxPrice'],
    ['a maximum below the minimum', 'minPrice=500&maxPrice=100', 'maxPrice'],
    ['inStock that is not true or false', 'inStock=maybe', 'inStock'],
    ['an unknown sort', 'sort=popularity', 'sort'],
    ['page 0', 'page=0', 'page'],
    ['a page size over 100', 'pageSize=101', 'pageSize'],
    ['a search text of 101 characters', `q=${'x'.repeat(101)}`, 'q'],
  ])('refuses %s with a message for that field', async (_label, search, field) => {
    const response = await api.request('GET', `/parts?${search}`);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      error: { code: 'validation_failed', fields: { [field]: expect.any(String) } },
    });
  });
});

describe('the catalogue snapshot', () => {
  it('shows a change made through the API at once, whichever module made it', async () => {
    await list({ q: 'tyre lever' });
    const added = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: {
        productName: 'Tyre lever',
        category: 'wheels-and-tyres',
        price: 300,
        quantity: 50,
        order: 1,
        description: 'Three nylon levers.',
        img: '/p.svg',
      },
    });
    expect(names((await list({ q: 'tyre lever' })).body)).toEqual(['Tyre lever']);

    // An order (the orders module) takes the stock down to below the minimum: no longer in stock.
    const customer = await api.customer();
    await api.request('PUT', `/parts/${added.body.insertedId}`, {
      token: admin.token,
      json: { deliveredQuantity: 1 },
    });
    await api.request('PATCH', `/parts/${added.body.insertedId}`, {
      token: admin.token,
      json: { order: 1 },
    });
    const ordered = await api.request('POST', '/ordered', {
      token: customer.token,
      json: {
        partId: added.body.insertedId,
        userName: 'Shopper',
        address: '1 Road',
        number: '5550100',
        orderQuantity: 1,
      },
    });
    expect(ordered.status).toBe(201);
    expect(names((await list({ q: 'tyre lever', inStock: false })).body)).toEqual(['Tyre lever']);

    // A review (the reviews module) shows in the figures at once.
    await api.request('POST', '/reviews', {
      token: customer.token,
      json: { partId: added.body.insertedId, review: 'Sturdy.', rating: 3 },
    });
    const [lever] = (await list({ q: 'tyre lever' })).body;
    expect(lever).toMatchObject({ averageRating: 3, reviewCount: 1 });

    await api.request('DELETE', `/parts/${added.body.insertedId}`, { token: admin.token });
    expect((await list({ q: 'tyre lever' })).body).toEqual([]);
  });

  it("sees a write behind the app's back (another instance) once the max age has passed", async () => {
    await list({ q: 'bell' });
    const id = await api.addPart({ productName: 'Bell', description: 'A brass bell.' });
    expect((await list({ q: 'bell' })).body).toEqual([]);
    // A part the snapshot does not know yet is read from the store: its page is there at once.
    expect((await api.request('GET', `/parts/${id}`)).status).toBe(200);
    api.advanceClock(MAX_AGE_SECONDS * 1000 + RELOAD_GRACE_MS);
    expect(names((await list({ q: 'bell' })).body)).toEqual(['Bell']);
  });

  it('mends the stock an order takes without loading the rest again, and loads it all for anything else', async () => {
    const chainIn = async () =>
      (await list({ q: 'chain' })).body.find((part) => part._id === ids.Chain);
    const before = (await chainIn())!.quantity;
    // A gong added behind the app's back, as another instance would: only a load shows it.
    await api.addPart({ productName: 'Gong', description: 'A bronze gong.' });
    const customer = await api.customer();
    const ordered = await api.request('POST', '/ordered', {
      token: customer.token,
      json: {
        partId: ids.Chain,
        userName: 'Shopper',
        address: '1 Road',
        number: '5550100',
        orderQuantity: 2,
      },
    });
    expect(ordered.status).toBe(201);
    expect((await chainIn())?.quantity).toBe(before - 2);
    expect((await list({ q: 'gong' })).body).toEqual([]);

    // A new price is more than stock: the whole snapshot is read again, the gong with it.
    const repriced = await api.request('PATCH', `/parts/${ids.Chain}`, {
      token: admin.token,
      json: { price: 2600 },
    });
    expect(repriced.status).toBe(200);
    expect(names((await list({ q: 'gong' })).body)).toEqual(['Gong']);
    expect((await chainIn())?.price).toBe(2600);
    await api.request('PATCH', `/parts/${ids.Chain}`, {
      token: admin.token,
      json: { price: 2500 },
    });
  });

  it("mends a variant's stock when an order takes from it, and the part drops out of stock with its last unit", async () => {
    const added = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: {
        productName: 'Gravel tyre',
        img: '/p.svg',
        order: 1,
        description: 'A tubeless gravel tyre.',
        category: 'wheels-and-tyres',
        options: [{ name: 'Size', values: ['700x40c', '650x47b'] }],
        variants: [
          { sku: 'GRAVEL-40', options: { Size: '700x40c' }, price: 4500, quantity: 1 },
          { sku: 'GRAVEL-47', options: { Size: '650x47b' }, price: 4700, quantity: 0 },
        ],
      },
    });
    const tyreIn = async () =>
      (await list({ q: 'gravel tyre' })).body.find((part) => part._id === added.body.insertedId);
    expect(await tyreIn()).toMatchObject({ quantity: 1 });
    await api.addPart({ productName: 'Cowbell', description: 'Behind the back.' });
    const placed = await api.request('POST', '/checkout', {
      token: (await api.customer()).token,
      json: {
        items: [{ partId: added.body.insertedId, quantity: 1, sku: 'GRAVEL-40' }],
        address: '1 Road',
        number: '5550100',
        country: 'US',
      },
    });
    expect(placed.status).toBe(201);
    const tyre = await tyreIn();
    expect(tyre?.quantity).toBe(0);
    expect(tyre?.variants.map((variant) => variant.quantity)).toEqual([0, 0]);
    expect(names((await list({ q: 'gravel tyre', inStock: false })).body)).toEqual(['Gravel tyre']);
    expect((await list({ q: 'cowbell' })).body).toEqual([]);
  });

  it('answers a snapshot just past its max age while the next one loads, then the next one', async () => {
    // A horn added, then deleted, behind the app's back (as another instance would).
    const id = await api.addPart({ productName: 'Horn', description: 'A loud horn.' });
    api.advanceClock(MAX_AGE_SECONDS * 1000 + RELOAD_GRACE_MS);
    expect(names((await list({ q: 'horn' })).body)).toEqual(['Horn']);
    await api.store.delete('parts', id);
    api.advanceClock(MAX_AGE_SECONDS * 1000);
    // The expired snapshot answers at once, and a new one loads behind it.
    expect(names((await list({ q: 'horn' })).body)).toEqual(['Horn']);
    await expect
      .poll(async () => names((await list({ q: 'horn' })).body), { timeout: deadline(5_000) })
      .toEqual([]);
  });
});

describe('HTTP caching of the public catalogue reads', () => {
  const CACHE_CONTROL = `public, max-age=0, s-maxage=${MAX_AGE_SECONDS}, stale-while-revalidate=${MAX_AGE_SECONDS}`;

  it.each([
    ['the whole catalogue', () => '/parts'],
    ['a page of it', () => '/parts?category=brakes&sort=price'],
    ['one part', () => `/parts/${ids.Rotor}`],
    ['the Business Summary', () => '/stats'],
  ])(
    'answers %s with an ETag, a CDN-friendly Cache-Control, and 304 to a client that holds it',
    async (_, path) => {
      const first = await api.request('GET', path());
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe(CACHE_CONTROL);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await api.request('GET', path(), { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      const weakAmongOthers = await api.request('GET', path(), {
        headers: { 'if-none-match': `"something-else", W/${etag!}` },
      });
      expect(weakAmongOthers.status).toBe(304);
    },
  );

  it('gives a changed catalogue a new ETag, so a client holding the old one gets the new one', async () => {
    const before = await api.request('GET', `/parts/${ids.Saddle}`);
    const wholeBefore = await api.request('GET', '/parts');
    await api.request('PATCH', `/parts/${ids.Saddle}`, {
      token: admin.token,
      json: { price: 5300 },
    });
    const after = await api.request<CataloguePart>('GET', `/parts/${ids.Saddle}`, {
      headers: { 'if-none-match': before.headers.get('etag')! },
    });
    expect(after.status).toBe(200);
    expect(after.body.price).toBe(5300);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const wholeAfter = await api.request('GET', '/parts', {
      headers: { 'if-none-match': wholeBefore.headers.get('etag')! },
    });
    expect(wholeAfter.status).toBe(200);
    expect(wholeAfter.headers.get(TOTAL_COUNT_HEADER)).toBe(
      wholeBefore.headers.get(TOTAL_COUNT_HEADER),
    );
  });

  it('answers the same bytes and headers from the snapshot before Hono as through the routes', async () => {
    const compared = ['etag', 'cache-control', 'content-type', TOTAL_COUNT_HEADER.toLowerCase()];
    const headersOf = (response: { headers: Headers }) =>
      compared.map((name) => [name, response.headers.get(name)]);
    // With no fresh snapshot, a read takes the way through Hono, which loads one; with one,
    // the reads are answered before Hono, a query it has not answered yet searched there.
    const throughRoutes = async (path: string) => {
      api.advanceClock(MAX_AGE_SECONDS * 1000 + RELOAD_GRACE_MS);
      return api.request('GET', path);
    };
    for (const path of [
      '/parts',
      '/parts?q=',
      `/parts/${ids.Chain}`,
      '/parts?category=brakes&sort=-price',
      '/parts?q=tire&sort=name&page=1&pageSize=2',
      '/parts?minPrice=1000&inStock=true&sort=price',
    ]) {
      const routed = await throughRoutes(path);
      await throughRoutes('/parts?pageSize=1'); // a new snapshot, loaded by another read
      const viaSnapshot = await api.request('GET', path);
      expect(viaSnapshot.status, path).toBe(200);
      expect(viaSnapshot.body, path).toEqual(routed.body);
      expect(headersOf(viaSnapshot), path).toEqual(headersOf(routed));
    }
  });

  it('leaves a query that fails its check to the app, which says why, with a snapshot loaded', async () => {
    await api.request('GET', '/parts?pageSize=1');
    const refused = await api.request('GET', '/parts?sort=sideways&minPrice=cheap');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: { fields: { sort: expect.any(String), minPrice: expect.any(String) } },
    });
  });

  it('lets nothing be kept where no staleness is allowed (the local suite)', async () => {
    const fresh = await startApi({ env: { SHOP_CACHE_MAX_AGE_SECONDS: '0' } });
    try {
      const response = await fresh.request('GET', '/parts');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    } finally {
      await fresh.close();
    }
  });
});
