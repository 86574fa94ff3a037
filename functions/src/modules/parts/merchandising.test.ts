/**
 * A part's merchandising fields through POST/PATCH /parts and the catalogue (issue 36 item 4,
 * docs/decisions/102): brand, GTIN (length and check digit), MPN, weight and a compare-at price
 * above the price, per size for a part sold in sizes. Runs on SQLite, and on Firestore with
 * SPROCKET_TEST_STORE.
 */
import {
  merchandisingMessages,
  type ApiErrorBody,
  type CataloguePart,
  type InsertResult,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi();
  admin = await api.admin();
});
afterAll(async () => {
  await api?.close();
});

const chain = {
  productName: 'Merch chain',
  img: '/parts/chain.svg',
  order: 1,
  quantity: 10,
  price: 2399,
  description: 'A 12-speed chain.',
  category: 'drivetrain',
};

const tyre = {
  productName: 'Merch tyre',
  img: '/parts/tyre.svg',
  order: 1,
  description: 'A tyre in two sizes.',
  category: 'wheels-and-tyres',
  brand: 'WTB',
  options: [{ name: 'Size', values: ['700x32c', '650bx47'] }],
  variants: [
    {
      sku: 'MT-700',
      options: { Size: '700x32c' },
      price: 4500,
      quantity: 4,
      gtin: '714401105829',
      mpn: 'W010-0771',
      weight: 480,
      compareAtPrice: 5200,
    },
    { sku: 'MT-650', options: { Size: '650bx47' }, price: 4800, quantity: 2 },
  ],
};

const post = (json: object) =>
  api.request<InsertResult & ApiErrorBody>('POST', '/parts', { token: admin.token, json });
const patch = (id: string, json: object) =>
  api.request<ApiErrorBody>('PATCH', `/parts/${id}`, { token: admin.token, json });
const read = async (id: string) => (await api.request<CataloguePart>('GET', `/parts/${id}`)).body;

describe('merchandising fields', () => {
  it('are kept as given and shown by the catalogue; a GTIN loses its spaces', async () => {
    const added = await post({
      ...chain,
      brand: ' Shimano ',
      gtin: '4550170 451561',
      mpn: 'CN-M8100',
      weight: '252',
      compareAtPrice: 2999,
    });
    expect(added.status).toBe(201);
    expect(await read(added.body.insertedId)).toMatchObject({
      brand: 'Shimano',
      gtin: '4550170451561',
      mpn: 'CN-M8100',
      weight: 252,
      compareAtPrice: 2999,
    });
    const [listed] = (
      await api.request<CataloguePart[]>('GET', '/parts?q=merch%20chain')
    ).body.filter((part) => part._id === added.body.insertedId);
    expect(listed).toMatchObject({ brand: 'Shimano', compareAtPrice: 2999 });
  });

  it('are left out of a part that has none', async () => {
    const added = await post(chain);
    const part = await read(added.body.insertedId);
    for (const field of ['brand', 'gtin', 'mpn', 'weight', 'compareAtPrice'])
      expect(part).not.toHaveProperty(field);
  });

  it('refuse a GTIN of the wrong length or check digit, and a compare-at price not above the price', async () => {
    const refused = await post({
      ...chain,
      gtin: '4550170451562',
      compareAtPrice: 2399,
      weight: 0,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({
      gtin: merchandisingMessages.gtinCheckDigit,
      compareAtPrice: merchandisingMessages.compareAtNotAbove,
      weight: 'Weight must be at least 1 gram',
    });
    const short = await post({ ...chain, gtin: '123456' });
    expect(short.body.error.fields).toEqual({ gtin: merchandisingMessages.gtinLength });
    const letters = await post({ ...chain, gtin: 'ABCDEFGH' });
    expect(letters.body.error.fields).toEqual({ gtin: merchandisingMessages.gtinLength });
    expect((await post({ ...chain, brand: 'B'.repeat(71) })).body.error.fields).toEqual({
      brand: 'Brand must be at most 70 characters',
    });
  });

  it('are changed and cleared by an edit; a price raised to the compare-at price is refused', async () => {
    const id = (
      await post({ ...chain, brand: 'KMC', mpn: 'X12', weight: 260, compareAtPrice: 2999 })
    ).body.insertedId;
    expect((await patch(id, { brand: 'Shimano', gtin: '4550170451561' })).status).toBe(200);
    expect(await read(id)).toMatchObject({ brand: 'Shimano', gtin: '4550170451561', mpn: 'X12' });

    const raised = await patch(id, { price: 2999 });
    expect(raised.status).toBe(422);
    expect(raised.body.error.fields).toEqual({
      compareAtPrice: merchandisingMessages.compareAtNotAbove,
    });
    expect((await read(id)).price).toBe(2399);

    expect((await patch(id, { brand: '', mpn: null, compareAtPrice: null })).status).toBe(200);
    const cleared = await read(id);
    expect(cleared).toMatchObject({ gtin: '4550170451561', weight: 260 });
    for (const field of ['brand', 'mpn', 'compareAtPrice'])
      expect(cleared).not.toHaveProperty(field);
    // The sale over, the price may go up again.
    expect((await patch(id, { price: 2999 })).status).toBe(200);
  });

  it('are per size for a part sold in sizes, kept by an edit that leaves them out', async () => {
    const added = await post(tyre);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.insertedId;
    const part = await read(id);
    expect(part.brand).toBe('WTB');
    expect(part.variants).toMatchObject([
      { sku: 'MT-700', gtin: '714401105829', mpn: 'W010-0771', weight: 480, compareAtPrice: 5200 },
      { sku: 'MT-650' },
    ]);
    expect(part.variants[1]).not.toHaveProperty('gtin');

    // Sizes sent without their fields keep them; null clears one.
    const edited = await patch(id, {
      options: tyre.options,
      variants: [
        { sku: 'MT-700', options: { Size: '700x32c' }, price: 4400, compareAtPrice: null },
        { sku: 'MT-650', options: { Size: '650bx47' }, price: 4800, gtin: '12345670' },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await read(id);
    expect(after.variants[0]).toMatchObject({
      gtin: '714401105829',
      mpn: 'W010-0771',
      weight: 480,
    });
    expect(after.variants[0]).not.toHaveProperty('compareAtPrice');
    expect(after.variants[1]).toMatchObject({ gtin: '12345670' });
  });

  it('refuse a compare-at price of a part sold in sizes, and one of a size not above its price', async () => {
    const own = await post({ ...tyre, compareAtPrice: 6000 });
    expect(own.status).toBe(422);
    expect(own.body.error.fields).toEqual({
      compareAtPrice: merchandisingMessages.compareAtOnSizes,
    });
    const size = await post({
      ...tyre,
      variants: [tyre.variants[0], { ...tyre.variants[1], compareAtPrice: 4800 }],
    });
    expect(size.body.error.fields).toEqual({
      'variants[1].compareAtPrice': merchandisingMessages.compareAtNotAbove,
    });
    const id = (await post(tyre)).body.insertedId;
    const onPart = await patch(id, { compareAtPrice: 9900 });
    expect(onPart.status).toBe(422);
    expect(onPart.body.error.fields).toEqual({
      compareAtPrice: merchandisingMessages.compareAtOnSizes,
    });
    // A size's price raised to its kept compare-at price.
    const raised = await patch(id, {
      options: tyre.options,
      variants: [
        { sku: 'MT-700', options: { Size: '700x32c' }, price: 5200 },
        { sku: 'MT-650', options: { Size: '650bx47' }, price: 4800 },
      ],
    });
    expect(raised.status).toBe(422);
    expect(raised.body.error.fields).toEqual({
      'variants[0].compareAtPrice': merchandisingMessages.compareAtNotAbove,
    });
  });
});
