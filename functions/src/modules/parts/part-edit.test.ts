/** PATCH /parts/{id}: an admin edits a product; orders keep the price they were placed at. */
import {
  partMessages,
  type CataloguePart,
  type InsertResult,
  type Order,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  // The production max age, so the edits below also show that an edit drops the snapshot.
  api = await startApi({ env: { ...MANY_ORDERS, SHOP_CACHE_MAX_AGE_SECONDS: '60' } });
  [admin, customer] = await Promise.all([api.admin(), api.customer()]);
});
afterAll(async () => {
  await api?.close();
});

/** As the admin, unless another token (or null: none) is given. */
const edit = (id: string, json: unknown, token: string | null = admin.token) =>
  api.request('PATCH', `/parts/${id}`, { token: token ?? undefined, json });
const read = async (id: string) => (await api.request<CataloguePart>('GET', `/parts/${id}`)).body;

describe('PATCH /parts/{id}', () => {
  it('changes the fields an admin sends and leaves the others, everywhere at once', async () => {
    const id = await api.addPart({ productName: 'Old name', quantity: 30, order: 2 });
    await api.request('GET', '/parts?q=lever');
    const before = await read(id);

    const response = await edit(id, {
      productName: 'Tyre lever set',
      description: 'Three nylon levers that do not scratch rims.',
      category: 'wheels-and-tyres',
      price: 450,
      order: 3,
      img: '/api/files/lever.png',
    });
    expect(response).toMatchObject({ status: 200, body: { acknowledged: true, modifiedCount: 1 } });
    expect(await read(id)).toEqual({
      ...before,
      productName: 'Tyre lever set',
      description: 'Three nylon levers that do not scratch rims.',
      category: 'wheels-and-tyres',
      price: 450,
      order: 3,
      img: `${api.publicUrl}/api/files/lever.png`,
      // The one picture a part without a list has: its img, described by its name (decision 096).
      images: [{ url: `${api.publicUrl}/api/files/lever.png`, alt: 'Tyre lever set' }],
    });
    const listed = await api.request<CataloguePart[]>('GET', '/parts?q=lever');
    expect(listed.body).toMatchObject([{ _id: id, price: 450, category: 'wheels-and-tyres' }]);

    expect((await edit(id, { price: 500 })).status).toBe(200);
    expect(await read(id)).toMatchObject({ productName: 'Tyre lever set', price: 500, order: 3 });
  });

  it('answers the picture on the shop’s origin, and keeps a picture on that origin as its path', async () => {
    const id = await api.addPart({ img: '/parts/old.svg' });
    expect((await read(id)).img).toBe(`${api.publicUrl}/parts/old.svg`);
    // What an edit form was given comes back: it is stored as the shop's path, not the origin.
    expect((await edit(id, { img: `${api.publicUrl}/parts/new.svg` })).status).toBe(200);
    expect((await api.store.get<{ img: string }>('parts', id))?.data.img).toBe('/parts/new.svg');
    expect((await read(id)).img).toBe(`${api.publicUrl}/parts/new.svg`);
    // Another site's address stays as it was given.
    expect((await edit(id, { img: 'https://cdn.example/new.png' })).status).toBe(200);
    expect((await read(id)).img).toBe('https://cdn.example/new.png');
  });

  it('refuses a minimum order above the stock, naming the stock, and changes nothing', async () => {
    const id = await api.addPart({ quantity: 4, order: 1, price: 900 });
    const response = await edit(id, { order: 5, price: 1000 });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      error: { code: 'validation_failed', fields: { order: partMessages.orderOverStock(4) } },
    });
    expect(await read(id)).toMatchObject({ order: 1, price: 900 });
    expect((await edit(id, { order: 4 })).status).toBe(200);
  });

  it.each([
    ['a price written as "1e3"', { price: '1e3' }, 'price'],
    ['a minimum order written as "1e1"', { order: '1e1' }, 'order'],
    ['a price in hexadecimal', { price: '0x10' }, 'price'],
    ['a price in dollars', { price: 4.5 }, 'price'],
    ['a zero price', { price: 0 }, 'price'],
    ['a minimum order of 0', { order: 0 }, 'order'],
    ['an unknown category', { category: 'frames' }, 'category'],
    ['an image that is not a URL', { img: 'javascript:alert(1)' }, 'img'],
    ['a blank name', { productName: '  ' }, 'productName'],
    ['a description of 2001 characters', { description: 'x'.repeat(2001) }, 'description'],
  ])('refuses %s with a message for that field', async (_label, json, field) => {
    const id = await api.addPart({ price: 700 });
    const before = await read(id);
    const response = await edit(id, json);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      error: { code: 'validation_failed', fields: { [field]: expect.any(String) } },
    });
    expect(await read(id)).toEqual(before);
  });

  it('reads a price and a minimum order written as plain numbers in text', async () => {
    const id = await api.addPart({ quantity: 20 });
    expect((await edit(id, { price: '1200', order: '4' })).status).toBe(200);
    expect(await read(id)).toMatchObject({ price: 1200, order: 4 });
  });

  it('refuses a body that changes nothing, and keeps stock out of it', async () => {
    const id = await api.addPart({ quantity: 20 });
    const empty = await edit(id, {});
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ error: { message: 'Change at least one field' } });
    // Stock changes through PUT /parts/{id}; here it is an unknown field, so nothing is left.
    expect((await edit(id, { quantity: 999 })).status).toBe(422);
    expect((await read(id)).quantity).toBe(20);
  });

  it('is for admins only, and 404 for an unknown part', async () => {
    const id = await api.addPart({ price: 700 });
    expect((await edit(id, { price: 1 }, customer.token)).status).toBe(403);
    expect((await edit(id, { price: 1 }, null)).status).toBe(401);
    expect((await edit('no-such-part', { price: 1 })).status).toBe(404);
    expect((await read(id)).price).toBe(700);
  });

  it('leaves the price of orders already placed as it was', async () => {
    const id = await api.addPart({ price: 2000, order: 1, quantity: 10 });
    const place = () =>
      api.request<InsertResult>('POST', '/ordered', {
        token: customer.token,
        json: {
          partId: id,
          userName: 'Shopper',
          address: '1 Road',
          number: '5550100',
          orderQuantity: 2,
        },
      });
    const before = await place();
    expect((await edit(id, { price: 2600 })).status).toBe(200);
    const after = await place();

    const orderOf = async (placed: { body: InsertResult }) =>
      (
        await api.request<Order>('GET', `/ordered/${placed.body.insertedId}`, {
          token: customer.token,
        })
      ).body;
    expect(await orderOf(before)).toMatchObject({
      price: 2000,
      totalPrice: 4000,
      lines: [{ partId: id, price: 2000, lineTotal: 4000 }],
    });
    expect(await orderOf(after)).toMatchObject({
      price: 2600,
      totalPrice: 5200,
      lines: [{ partId: id, price: 2600, lineTotal: 5200 }],
    });
  });
});
