/**
 * Parts sold in variants (issue 25 item 1, docs/decisions/064): each variant with its own sku,
 * price and stock, through POST/PATCH/PUT /parts, the catalogue, the cart, the quote, the
 * checkout and the order's life. Runs on SQLite, and on Firestore with SPROCKET_TEST_STORE.
 */
import type {
  ApiErrorBody,
  Cart,
  CataloguePart,
  CheckoutQuote,
  CheckoutResult,
  InsertResult,
  Order,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [admin, customer] = await Promise.all([api.admin(), api.customer('variants')]);
});
afterAll(async () => {
  await api?.close();
});

/** Where the orders go: a country, in a shop that has set no shipping methods. */
const address = { address: '1 Chainring Road, Gearford', number: '+1 555 0100', country: 'US' };

/** A road tyre in three widths, each its own price and stock. */
const tyre = (stock: [number, number, number] = [6, 4, 0]) => ({
  productName: 'Road tyre',
  img: '/parts/tyre.svg',
  order: 1,
  description: 'A folding road tyre.',
  category: 'wheels-and-tyres',
  options: [{ name: 'Size', values: ['700x28c', '700x32c', '700x40c'] }],
  variants: [
    { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, quantity: stock[0] },
    { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: stock[1] },
    { sku: 'TYRE-40', options: { Size: '700x40c' }, price: 4599, quantity: stock[2] },
  ],
});

async function addTyre(stock?: [number, number, number]) {
  const added = await api.request<InsertResult>('POST', '/parts', {
    token: admin.token,
    json: tyre(stock),
  });
  expect(added.status).toBe(201);
  return added.body.insertedId;
}

const partOf = async (id: string) => (await api.request<CataloguePart>('GET', `/parts/${id}`)).body;
const stockBySku = async (id: string) =>
  Object.fromEntries((await partOf(id)).variants.map((v) => [v.sku, v.quantity]));

const checkout = (user: TestUser, items: { partId: string; quantity: number; sku?: string }[]) =>
  api.request<CheckoutResult & ApiErrorBody>('POST', '/checkout', {
    token: user.token,
    json: { items, ...address },
  });

describe('a part sold in variants', () => {
  it('is added with its variants and read with its lowest price, its stock together and each variant', async () => {
    const plainId = await api.addPart({ productName: 'Bell' });
    const id = await addTyre([6, 2, 0]);
    const part = await partOf(id);
    expect(part).toMatchObject({
      productName: 'Road tyre',
      price: 3999,
      quantity: 8,
      options: [{ name: 'Size', values: ['700x28c', '700x32c', '700x40c'] }],
      variants: [
        { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, quantity: 6 },
        { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: 2 },
        { sku: 'TYRE-40', options: { Size: '700x40c' }, price: 4599, quantity: 0 },
      ],
    });
    const listed = (await api.request<CataloguePart[]>('GET', '/parts')).body;
    expect(listed.find((p) => p._id === id)).toMatchObject({ price: 3999, quantity: 8 });
    expect(listed.find((p) => p._id === plainId)).toMatchObject({ options: [], variants: [] });
  });

  it("refuses variants that break the contract's rules, with the rule in words", async () => {
    const twice = tyre();
    twice.variants[1]!.sku = 'TYRE-28';
    const refused = await api.request<ApiErrorBody>('POST', '/parts', {
      token: admin.token,
      json: twice,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields?.variants).toBe(
      'Each sku may appear once: TYRE-28 appears twice',
    );
    const missing = tyre();
    missing.variants[2]!.options = {} as { Size: string };
    const noValue = await api.request<ApiErrorBody>('POST', '/parts', {
      token: admin.token,
      json: missing,
    });
    expect(noValue.body.error.fields?.variants).toBe('Variant TYRE-40 needs a Size');
  });

  it('sells the variant picked, at its price, from its own stock, and the order line carries the sku', async () => {
    const id = await addTyre();
    const placed = await checkout(customer, [{ partId: id, quantity: 2, sku: 'TYRE-32' }]);
    expect(placed.status).toBe(201);
    expect(await stockBySku(id)).toEqual({ 'TYRE-28': 6, 'TYRE-32': 2, 'TYRE-40': 0 });
    expect((await partOf(id)).quantity).toBe(8);
    const order = (
      await api.request<Order>('GET', `/ordered/${placed.body.insertedId}`, {
        token: customer.token,
      })
    ).body;
    expect(order.lines).toEqual([
      {
        partId: id,
        partName: 'Road tyre',
        img: expect.any(String),
        price: 4299,
        quantity: 2,
        lineTotal: 8598,
        sku: 'TYRE-32',
        variant: '700x32c',
      },
    ]);
    expect(order.totalPrice).toBe(8598);
    // The mails name the variant.
    const mails = await api.store.query<{ message: { text: string } }>('mail');
    expect(mails.some(({ data }) => data.message.text.includes('2 × Road tyre (700x32c)'))).toBe(
      true,
    );

    // Cancelled, its units go back to that variant.
    const cancelled = await api.request('POST', `/ordered/${placed.body.insertedId}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await stockBySku(id)).toEqual({ 'TYRE-28': 6, 'TYRE-32': 4, 'TYRE-40': 0 });
  });

  it('quotes the variant at its price', async () => {
    const id = await addTyre();
    const quote = await api.request<CheckoutQuote>('POST', '/checkout/quote', {
      json: { items: [{ partId: id, quantity: 1, sku: 'TYRE-40' }], country: 'US' },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.lines[0]).toMatchObject({ sku: 'TYRE-40', variant: '700x40c', price: 4599 });
    expect(quote.body.total).toBe(4599);
  });

  it('refuses a line without a sku (422, in plain words) and sells nothing', async () => {
    const id = await addTyre();
    const refused = await checkout(customer, [{ partId: id, quantity: 1 }]);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields?.[id]).toBe(
      'Choose the Size of Road tyre: send the sku of one of its variants',
    );
    const purchase = await api.request<ApiErrorBody>('POST', '/ordered', {
      token: customer.token,
      json: { partId: id, orderQuantity: 1, ...address },
    });
    expect(purchase.status).toBe(422);
    expect(purchase.body.error.fields?.sku).toMatch(/^Choose the Size of Road tyre/);
    const quote = await api.request<ApiErrorBody>('POST', '/checkout/quote', {
      json: { items: [{ partId: id, quantity: 1 }], country: 'US' },
    });
    expect(quote.status).toBe(422);
    const unknown = await checkout(customer, [{ partId: id, quantity: 1, sku: 'TYRE-25' }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields?.[`${id}:TYRE-25`]).toBe('Road tyre has no variant TYRE-25');
    expect(await stockBySku(id)).toEqual({ 'TYRE-28': 6, 'TYRE-32': 4, 'TYRE-40': 0 });
  });

  it('sells a part without variants as before, and refuses a sku on it', async () => {
    const chain = await api.addPart({
      productName: 'Chain 11s',
      price: 2599,
      order: 1,
      quantity: 5,
    });
    expect((await checkout(customer, [{ partId: chain, quantity: 1 }])).status).toBe(201);
    const withSku = await checkout(customer, [{ partId: chain, quantity: 1, sku: 'CHAIN' }]);
    expect(withSku.status).toBe(422);
    expect(withSku.body.error.fields?.[`${chain}:CHAIN`]).toBe(
      'Chain 11s has no variants: leave the sku out',
    );
  });

  it('says a sold-out variant is out of stock, naming it, while the others sell', async () => {
    const id = await addTyre();
    const refused = await checkout(customer, [{ partId: id, quantity: 1, sku: 'TYRE-40' }]);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('Road tyre (700x40c)');
    expect(refused.body.error.fields?.[`${id}:TYRE-40`]).toBe('This part is out of stock');
  });

  it('never sells more of a variant than it has, however many check out at once', async () => {
    const id = await addTyre([20, 3, 0]);
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => api.customer(`variant-rush-${n}`)),
    );
    const answers = await Promise.all(
      shoppers.map((shopper) => checkout(shopper, [{ partId: id, quantity: 1, sku: 'TYRE-32' }])),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 201).every((s) => s === 409 || s === 503)).toBe(
      true,
    );
    expect(await stockBySku(id)).toEqual({ 'TYRE-28': 20, 'TYRE-32': 0, 'TYRE-40': 0 });
  });

  it('adds stock to one variant by its sku, and asks which without one', async () => {
    const id = await addTyre();
    const added = await api.request('PUT', `/parts/${id}`, {
      token: admin.token,
      json: { addQuantity: 5, sku: 'TYRE-40' },
    });
    expect(added.status).toBe(200);
    expect(await stockBySku(id)).toEqual({ 'TYRE-28': 6, 'TYRE-32': 4, 'TYRE-40': 5 });
    const which = await api.request<ApiErrorBody>('PUT', `/parts/${id}`, {
      token: admin.token,
      json: { addQuantity: 5 },
    });
    expect(which.status).toBe(422);
    expect(which.body.error.fields?.sku).toMatch(/^Choose the Size of Road tyre/);
  });

  it('changes its variants by PATCH: kept ones keep their stock, new ones start with theirs, dropped ones go', async () => {
    const id = await addTyre();
    const edited = await api.request('PATCH', `/parts/${id}`, {
      token: admin.token,
      json: {
        options: [{ name: 'Size', values: ['700x28c', '700x32c', '700x35c'] }],
        variants: [
          { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3799 },
          { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: 9 },
          { sku: 'TYRE-35', options: { Size: '700x35c' }, price: 4499, quantity: 4 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    const part = await partOf(id);
    expect(part.price).toBe(3799);
    expect(await stockBySku(id)).toEqual({ 'TYRE-28': 6, 'TYRE-32': 9, 'TYRE-35': 4 });
    expect(part.quantity).toBe(19);
    expect(part.variants.map((variant) => variant.sku)).toEqual(['TYRE-28', 'TYRE-32', 'TYRE-35']);
  });

  it('gives a plain part variants by PATCH: it then sells from them only', async () => {
    const id = await api.addPart({ productName: 'Chain', price: 2599, quantity: 7 });
    const edited = await api.request('PATCH', `/parts/${id}`, {
      token: admin.token,
      json: {
        options: [{ name: 'Speeds', values: ['11', '12'] }],
        variants: [
          { sku: 'CHAIN-11', options: { Speeds: '11' }, price: 2599, quantity: 3 },
          { sku: 'CHAIN-12', options: { Speeds: '12' }, price: 3599, quantity: 1 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect(await partOf(id)).toMatchObject({ quantity: 4, price: 2599 });
  });

  it("keeps a customer's cart lines per variant, at each variant's price", async () => {
    const id = await addTyre();
    const shopper = await api.customer('variant-cart');
    for (const sku of ['TYRE-28', 'TYRE-32']) {
      const put = await api.request<Cart>('PUT', `/cart/items/${id}`, {
        token: shopper.token,
        json: { quantity: 1, sku },
      });
      expect(put.status).toBe(200);
    }
    const cart = (await api.request<Cart>('GET', '/cart', { token: shopper.token })).body;
    expect(cart.lines.map((line) => [line.sku, line.price, line.available])).toEqual([
      ['TYRE-28', 3999, 6],
      ['TYRE-32', 4299, 4],
    ]);
    const noSku = await api.request<ApiErrorBody>('PUT', `/cart/items/${id}`, {
      token: shopper.token,
      json: { quantity: 1 },
    });
    expect(noSku.status).toBe(422);
    const placed = await checkout(shopper, [{ partId: id, quantity: 1, sku: 'TYRE-28' }]);
    expect(placed.status).toBe(201);
    const after = (await api.request<Cart>('GET', '/cart', { token: shopper.token })).body;
    expect(after.lines.map((line) => line.sku)).toEqual(['TYRE-32']);
    const removed = await api.request<Cart>('DELETE', `/cart/items/${id}?sku=TYRE-32`, {
      token: shopper.token,
    });
    expect(removed.body.lines).toEqual([]);
  });

  it('is in stock only while some variant covers the minimum order', async () => {
    const thin = { ...tyre([1, 1, 0]), productName: 'Thin tyre', order: 2 };
    thin.variants[0]!.quantity = 1;
    const added = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: { ...thin, variants: thin.variants.map((v) => ({ ...v, quantity: 1 })), order: 2 },
    });
    expect(added.status).toBe(201);
    const inStock = await api.request<CataloguePart[]>('GET', '/parts?inStock=true&pageSize=100');
    expect(inStock.body.map((part) => part._id)).not.toContain(added.body.insertedId);
    const soldOut = await api.request<CataloguePart[]>('GET', '/parts?inStock=false&pageSize=100');
    expect(soldOut.body.map((part) => part._id)).toContain(added.body.insertedId);
  });

  it("deletes a part with its variants' stock", async () => {
    const id = await addTyre();
    const deleted = await api.request('DELETE', `/parts/${id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await api.request('GET', `/parts/${id}`)).status).toBe(404);
    expect(
      await api.store.query('partVariants', { where: [{ field: 'partId', op: '==', value: id }] }),
    ).toEqual([]);
  });
});
