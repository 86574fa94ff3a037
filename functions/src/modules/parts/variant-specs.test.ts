/**
 * Each size's own specifications and the counts beside All Parts' filters (issue 35 items 4 and
 * 5, docs/decisions/088 and 089): a variant's specs written through POST/PATCH /parts and checked
 * against the part's category, GET /parts filtered by them size by size, and GET /parts/facets
 * counting each option with the other filters. Runs on SQLite, and on Firestore with
 * SPROCKET_TEST_STORE.
 */
import {
  apiPaths,
  TOTAL_COUNT_HEADER,
  type ApiErrorBody,
  type CatalogueFacets,
  type CataloguePart,
  type CatalogueQuery,
  type InsertResult,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
const ids: Record<string, string> = {};

const part = <Fields extends object>(productName: string, category: string, fields: Fields) => ({
  productName,
  img: '/parts/test.svg',
  order: 1,
  description: `${productName}, a part for the size spec tests.`,
  category,
  ...fields,
});

async function add(body: object): Promise<string> {
  const added = await api.request<InsertResult>('POST', '/parts', {
    token: admin.token,
    json: body,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.insertedId;
}

/** A gravel tyre in two sizes: 700x32c and 650bx47, the 650b one sold out. */
const gravelTyre = part('Gravel tyre', 'wheels-and-tyres', {
  specs: { valve: 'presta' },
  options: [{ name: 'Size', values: ['700x32c', '650bx47'] }],
  variants: [
    {
      sku: 'GRAVEL-700-32',
      options: { Size: '700x32c' },
      price: 4500,
      quantity: 6,
      specs: { wheelSize: '700c', tyreWidth: 32 },
    },
    {
      sku: 'GRAVEL-650-47',
      options: { Size: '650bx47' },
      price: 4900,
      quantity: 0,
      // Digits as a form sends them: stored as the number.
      specs: { wheelSize: '650b', tyreWidth: '47' },
    },
  ],
});

beforeAll(async () => {
  api = await startApi();
  admin = await api.admin();
  ids.gravel = await add(gravelTyre);
  ids.road = await add(
    part('Road tyre', 'wheels-and-tyres', {
      quantity: 4,
      price: 3900,
      specs: { wheelSize: '700c', tyreWidth: 28 },
    }),
  );
  ids.mtb = await add(
    part('Trail tyre', 'wheels-and-tyres', {
      quantity: 2,
      price: 5200,
      specs: { wheelSize: '29', tyreWidth: 61 },
    }),
  );
  ids.chain = await add(
    part('Chain twelve', 'drivetrain', { quantity: 3, price: 4000, specs: { speeds: 12 } }),
  );
});
afterAll(async () => {
  await api?.close();
});

/** The names GET /parts answers for a query string, and its total. */
async function names(search: string): Promise<{ names: string[]; total: string | null }> {
  const found = await api.request<CataloguePart[]>('GET', `/parts${search}`);
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return {
    names: found.body.map((one) => one.productName).sort(),
    total: found.headers.get(TOTAL_COUNT_HEADER),
  };
}

async function facets(query: CatalogueQuery): Promise<CatalogueFacets> {
  const answer = await api.request<CatalogueFacets>('GET', apiPaths.partFacets(query));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe("a size's own specifications", () => {
  it('are stored for the category and answered with each variant, {} for a size with none', async () => {
    const tyre = (await api.request<CataloguePart>('GET', `/parts/${ids.gravel}`)).body;
    expect(tyre.specs).toEqual({ valve: 'presta' });
    expect(tyre.variants.map((variant) => variant.specs)).toEqual([
      { wheelSize: '700c', tyreWidth: 32 },
      { wheelSize: '650b', tyreWidth: 47 },
    ]);
    const listed = (await api.request<CataloguePart[]>('GET', '/parts')).body;
    expect(listed.find((one) => one._id === ids.gravel)?.variants[1]?.specs).toEqual({
      wheelSize: '650b',
      tyreWidth: 47,
    });
  });

  it("are refused on the size's field when the category has no such spec or value", async () => {
    const refused = await api.request<ApiErrorBody>('POST', '/parts', {
      token: admin.token,
      json: {
        ...gravelTyre,
        productName: 'Refused tyre',
        variants: [
          gravelTyre.variants[0],
          { ...gravelTyre.variants[1], specs: { wheelSize: '650', speeds: 11 } },
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({
      'variants[1].specs.wheelSize': 'Wheel size is one of: 700c, 650b, 29, 27.5, 26',
      'variants[1].specs.speeds': expect.stringMatching(
        /^Wheels and tyres have these specifications/,
      ),
    });
  });

  it('make a part found by the filter one of its sizes answers, size by size', async () => {
    expect((await names('?spec.wheelSize=650b')).names).toEqual(['Gravel tyre']);
    expect((await names('?spec.wheelSize=650b&spec.tyreWidth=47')).names).toEqual(['Gravel tyre']);
    // No one size is 650b and 32 mm.
    expect((await names('?spec.wheelSize=650b&spec.tyreWidth=32')).total).toBe('0');
    expect((await names('?spec.tyreWidth=32&spec.tyreWidth=28')).names).toEqual([
      'Gravel tyre',
      'Road tyre',
    ]);
    // In stock only: the 650b size is sold out, the 700c one is not.
    expect((await names('?spec.wheelSize=650b&inStock=true')).total).toBe('0');
    expect((await names('?spec.wheelSize=700c&inStock=true')).names).toEqual([
      'Gravel tyre',
      'Road tyre',
    ]);
  });

  it('stay through an edit that sends the sizes without them, go with {} and with a category that lacks them', async () => {
    const edit = (json: object) =>
      api.request('PATCH', `/parts/${ids.gravel}`, {
        token: admin.token,
        json: { options: gravelTyre.options, ...json },
      });
    const sizes = gravelTyre.variants.map(({ sku, options, price }) => ({ sku, options, price }));
    const kept = await edit({ variants: sizes });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    let tyre = (await api.request<CataloguePart>('GET', `/parts/${ids.gravel}`)).body;
    expect(tyre.variants[1]?.specs).toEqual({ wheelSize: '650b', tyreWidth: 47 });
    expect(
      (await edit({ variants: [sizes[0], { ...sizes[1], specs: { wheelSize: '650b' } }] })).status,
    ).toBe(200);
    tyre = (await api.request<CataloguePart>('GET', `/parts/${ids.gravel}`)).body;
    expect(tyre.variants[1]?.specs).toEqual({ wheelSize: '650b' });
    const refused = await api.request<ApiErrorBody>('PATCH', `/parts/${ids.gravel}`, {
      token: admin.token,
      json: {
        options: gravelTyre.options,
        variants: [sizes[0], { ...sizes[1], specs: { speeds: 12 } }],
      },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['variants[1].specs.speeds']);
    // Back as it was, for the counts below.
    expect((await edit({ variants: gravelTyre.variants })).status).toBe(200);

    // A category without wheel sizes takes the sizes' wheel sizes away with the part's own.
    const moved = await add({ ...gravelTyre, productName: 'Moved tyre' });
    const recategorised = await api.request('PATCH', `/parts/${moved}`, {
      token: admin.token,
      json: { category: 'accessories' },
    });
    expect(recategorised.status).toBe(200);
    const after = (await api.request<CataloguePart>('GET', `/parts/${moved}`)).body;
    expect([after.specs, ...after.variants.map((variant) => variant.specs)]).toEqual([{}, {}, {}]);
    await api.request('DELETE', `/parts/${moved}`, { token: admin.token });
  });
});

describe('the counts beside the filters (GET /parts/facets)', () => {
  it('count each option with the other filters applied', async () => {
    const all = await facets({});
    expect(all.total).toBe(4);
    expect(all.categories).toEqual({ 'wheels-and-tyres': 3, drivetrain: 1 });
    expect(all.inStock).toBe(4);
    // With no category, the headline specs; a part counts once per value one of its sizes has.
    expect(all.specs.wheelSize).toEqual({ '700c': 2, '650b': 1, '29': 1 });
    expect(all.specs.speeds).toEqual({ '12': 1 });
    expect(all.specs.tyreWidth).toBeUndefined();

    const tyres = await facets({ category: 'wheels-and-tyres', specs: { wheelSize: ['650b'] } });
    expect(tyres.total).toBe(1);
    // Its own filter left out: the other wheel sizes still say what they would add.
    expect(tyres.specs.wheelSize).toEqual({ '700c': 2, '650b': 1, '29': 1 });
    // The others with 650b applied: only the 650b size's width.
    expect(tyres.specs.tyreWidth).toEqual({ '47': 1 });
    expect(tyres.specs.valve).toEqual({ presta: 1 });
    // Choosing Drivetrain would drop the wheel size filter, which it lacks.
    expect(tyres.categories).toEqual({ 'wheels-and-tyres': 1, drivetrain: 1 });
    // The 650b size is sold out.
    expect(tyres.inStock).toBe(0);
  });

  it('count only sizes in stock with "In stock only", and match GET /parts’ total', async () => {
    const query: CatalogueQuery = { category: 'wheels-and-tyres', inStock: true };
    const stocked = await facets(query);
    expect(stocked.specs.wheelSize).toEqual({ '700c': 2, '29': 1 });
    expect(stocked.specs.tyreWidth).toEqual({ '32': 1, '28': 1, '61': 1 });
    const listed = await api.request<CataloguePart[]>('GET', apiPaths.partsMatching(query));
    expect(String(stocked.total)).toBe(listed.headers.get(TOTAL_COUNT_HEADER));
    // The search narrows every count.
    const searched = await facets({ q: 'gravel' });
    expect(searched).toMatchObject({ total: 1, categories: { 'wheels-and-tyres': 1 } });
  });

  it('refuse what GET /parts refuses, on the same field', async () => {
    const refused = await api.request<ApiErrorBody>('GET', '/parts/facets?spec.wheelSize=650');
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['spec.wheelSize']);
  });
});
