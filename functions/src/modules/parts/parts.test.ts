import { partMessages, type InsertResult, type Part } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startApi,
  type Harness,
  type TestUser,
  itNeedsIsolation,
} from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi();
  [customer, admin] = await Promise.all([api.customer(), api.admin()]);
});
afterAll(async () => {
  await api?.close();
});

const newPart = {
  productName: 'Tubeless valve set',
  img: '/parts/valves.svg',
  order: 2,
  quantity: 40,
  price: 1899,
  description: 'Brass valves with removable cores.',
};

describe('GET /parts', () => {
  it('lists parts oldest first with the fields of a CataloguePart, and how many in X-Total-Count', async () => {
    const first = await api.addPart({ createdAt: '2020-01-01T00:00:00.000Z' });
    const second = await api.addPart({ createdAt: '2020-01-02T00:00:00.000Z' });
    const response = await api.request<Part[]>('GET', '/parts');
    expect(response.status).toBe(200);
    const ids = response.body.map((p) => p._id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(Object.keys(response.body[0]!).sort()).toEqual(
      [
        '_id',
        'averageRating',
        'category',
        'description',
        'images',
        'img',
        'options',
        'order',
        'price',
        'productName',
        'quantity',
        'reviewCount',
        'specs',
        'variants',
      ].sort(),
    );
    expect(response.headers.get('x-total-count')).toBe(String(response.body.length));
  });

  it('reads one part, and 404 for an unknown id', async () => {
    const id = await api.addPart({ productName: 'Cassette 11-34' });
    const response = await api.request<Part>('GET', `/parts/${id}`);
    expect(response).toMatchObject({
      status: 200,
      body: { _id: id, productName: 'Cassette 11-34' },
    });
    const missing = await api.request('GET', '/parts/no-such-part');
    expect(missing).toEqual(
      expect.objectContaining({
        status: 404,
        body: { error: { code: 'not_found', message: 'Part not found' } },
      }),
    );
    expect((await api.request('GET', '/parts/a%2Fb')).status).toBe(404);
  });
});

describe('POST /parts', () => {
  it('lets an admin add a part, price in cents', async () => {
    const added = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: newPart,
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const part = await api.request('GET', `/parts/${added.body.insertedId}`);
    expect(part.body).toEqual({
      _id: added.body.insertedId,
      ...newPart,
      img: `${api.publicUrl}${newPart.img}`,
      // A client of the original API sends no category.
      category: 'accessories',
      averageRating: null,
      reviewCount: 0,
      // Sold as one: no options, no variants (issue 25).
      options: [],
      variants: [],
      // No specs given (issue 25 item 2).
      specs: {},
      // Its img as its one picture, described by its name (issue 36 item 3).
      images: [{ url: `${api.publicUrl}${newPart.img}`, alt: newPart.productName }],
    });
  });

  it('refuses customers and anonymous callers', async () => {
    const before = await api.snapshot();
    expect(
      (await api.request('POST', '/parts', { token: customer.token, json: newPart })).status,
    ).toBe(403);
    expect((await api.request('POST', '/parts', { json: newPart })).status).toBe(401);
    expect(await api.snapshot()).toEqual(before);
  });

  it.each([
    ['a price in dollars', { price: 18.99 }, 'price'],
    ['a zero price', { price: 0 }, 'price'],
    ['a minimum order of 0', { order: 0 }, 'order'],
    ['negative stock', { quantity: -1 }, 'quantity'],
    ['an image that is not a URL', { img: 'javascript:alert(1)' }, 'img'],
    ['a blank name', { productName: '   ' }, 'productName'],
    ['a name of 121 characters', { productName: 'x'.repeat(121) }, 'productName'],
  ])('refuses %s with a field message', async (_label, change, field) => {
    const response = await api.request('POST', '/parts', {
      token: admin.token,
      json: { ...newPart, ...change },
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      error: { code: 'validation_failed', fields: { [field]: expect.any(String) } },
    });
  });

  it('refuses a minimum order above the stock, in the words the form shows, and stores nothing', async () => {
    const before = await api.snapshot();
    const response = await api.request('POST', '/parts', {
      token: admin.token,
      json: { ...newPart, order: 41, quantity: 40 },
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      error: { code: 'validation_failed', fields: { order: partMessages.orderOverStock(40) } },
    });
    expect(await api.snapshot()).toEqual(before);
    const equal = await api.request('POST', '/parts', {
      token: admin.token,
      json: { ...newPart, order: 40, quantity: 40 },
    });
    expect(equal.status).toBe(201);
  });

  it('reports every missing field and drops unknown ones', async () => {
    const missing = await api.request('POST', '/parts', { token: admin.token, json: {} });
    expect(
      Object.keys((missing.body as { error: { fields: object } }).error.fields).sort(),
    ).toEqual(['description', 'img', 'order', 'price', 'productName', 'quantity'].sort());
    const extra = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: { ...newPart, isAdmin: true, _id: 'chosen-id' },
    });
    expect(extra.body.insertedId).not.toBe('chosen-id');
    const stored = await api.store.get('parts', extra.body.insertedId);
    expect(stored?.data).not.toHaveProperty('isAdmin');
  });
});

describe('PUT /parts/{id}: stock', () => {
  it('adds stock with { addQuantity }', async () => {
    const id = await api.addPart({ quantity: 5 });
    const response = await api.request('PUT', `/parts/${id}`, {
      token: admin.token,
      json: { addQuantity: 7 },
    });
    expect(response).toMatchObject({ status: 200, body: { acknowledged: true, modifiedCount: 1 } });
    expect((await api.request<Part>('GET', `/parts/${id}`)).body.quantity).toBe(12);
  });

  itNeedsIsolation('loses nothing when two admins add stock at once', async () => {
    const id = await api.addPart({ quantity: 0 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.request('PUT', `/parts/${id}`, {
          token: admin.token,
          json: { addQuantity: 3 },
          retryWhileBusy: true,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await api.request<Part>('GET', `/parts/${id}`)).body.quantity).toBe(30);
  });

  it("sets the new total with the original API's { deliveredQuantity }", async () => {
    const id = await api.addPart({ quantity: 5 });
    const response = await api.request('PUT', `/parts/${id}`, {
      token: admin.token,
      json: { deliveredQuantity: 15 },
    });
    expect(response.status).toBe(200);
    expect((await api.request<Part>('GET', `/parts/${id}`)).body.quantity).toBe(15);
  });

  it.each([
    [{ addQuantity: 0 }, 'addQuantity'],
    [{ addQuantity: 1.5 }, 'addQuantity'],
    [{ addQuantity: 'lots' }, 'addQuantity'],
    [{}, 'addQuantity'],
    [{ deliveredQuantity: -1 }, 'deliveredQuantity'],
    [{ addQuantity: 1_000_000 }, 'addQuantity'],
  ])('refuses %j', async (json, field) => {
    const id = await api.addPart({ quantity: 5 });
    const response = await api.request('PUT', `/parts/${id}`, { token: admin.token, json });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: { fields: { [field]: expect.any(String) } } });
    expect((await api.request<Part>('GET', `/parts/${id}`)).body.quantity).toBe(5);
  });

  it('is for admins only, and 404 for an unknown part', async () => {
    const id = await api.addPart({ quantity: 5 });
    const json = { addQuantity: 1 };
    expect((await api.request('PUT', `/parts/${id}`, { token: customer.token, json })).status).toBe(
      403,
    );
    expect((await api.request('PUT', `/parts/${id}`, { json })).status).toBe(401);
    expect((await api.request('PUT', '/parts/nope', { token: admin.token, json })).status).toBe(
      404,
    );
    expect((await api.request<Part>('GET', `/parts/${id}`)).body.quantity).toBe(5);
  });
});

describe('DELETE /parts/{id}', () => {
  it('lets an admin delete a part; others are refused', async () => {
    const id = await api.addPart();
    expect((await api.request('DELETE', `/parts/${id}`, { token: customer.token })).status).toBe(
      403,
    );
    expect((await api.request('DELETE', `/parts/${id}`)).status).toBe(401);
    const deleted = await api.request('DELETE', `/parts/${id}`, { token: admin.token });
    expect(deleted).toMatchObject({ status: 200, body: { acknowledged: true, deletedCount: 1 } });
    expect((await api.request('GET', `/parts/${id}`)).status).toBe(404);
    expect((await api.request('DELETE', `/parts/${id}`, { token: admin.token })).status).toBe(404);
  });
});
