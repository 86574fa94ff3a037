/** The stored cart: it follows the customer, reserves nothing, and says what cannot be had. */
import { CART_LINES_MAX, type Cart, type Part } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const getCart = (user: TestUser) => api.request<Cart>('GET', '/cart', { token: user.token });
const setItem = (user: TestUser, partId: string, quantity: unknown) =>
  api.request<Cart>('PUT', `/cart/items/${partId}`, { token: user.token, json: { quantity } });
const removeItem = (user: TestUser, partId: string) =>
  api.request<Cart>('DELETE', `/cart/items/${partId}`, { token: user.token });
const merge = (user: TestUser, items: unknown) =>
  api.request<Cart>('POST', '/cart/merge', { token: user.token, json: { items } });

describe('the cart', () => {
  it('is empty at first', async () => {
    const customer = await api.customer('empty');
    expect((await getCart(customer)).body).toEqual({
      lines: [],
      itemCount: 0,
      subtotal: 0,
      canCheckout: false,
    });
  });

  it("shows each line with the part's name, image, price, stock and total, and the subtotal", async () => {
    const customer = await api.customer('lines');
    const chain = await api.addPart({
      productName: 'Chain 11s',
      img: '/parts/chain.svg',
      price: 2599,
      order: 1,
      quantity: 10,
    });
    const tape = await api.addPart({ productName: 'Bar tape', price: 1500, order: 2, quantity: 5 });
    await setItem(customer, chain, 2);
    const answer = await setItem(customer, tape, 2);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      lines: [
        {
          partId: chain,
          partName: 'Chain 11s',
          img: `${api.publicUrl}/parts/chain.svg`,
          price: 2599,
          quantity: 2,
          lineTotal: 5198,
          available: 10,
          minimumOrder: 1,
          exceedsStock: false,
        },
        expect.objectContaining({ partId: tape, quantity: 2, lineTotal: 3000, minimumOrder: 2 }),
      ],
      itemCount: 4,
      subtotal: 8198,
      canCheckout: true,
    });
    // It is stored: another device (a new request) sees the same cart.
    expect((await getCart(customer)).body).toEqual(answer.body);
  });

  it('reserves no stock, and flags a line that wants more than is available', async () => {
    const customer = await api.customer('flagged');
    const partId = await api.addPart({ order: 1, quantity: 3 });
    const cart = await setItem(customer, partId, 5);
    expect(cart.body.lines[0]).toMatchObject({
      quantity: 5,
      available: 3,
      exceedsStock: true,
      message: 'Only 3 available',
    });
    expect(cart.body.canCheckout).toBe(false);
    expect((await api.request<Part>('GET', `/parts/${partId}`)).body.quantity).toBe(3);

    // Stock sold to someone else shows on the next read.
    await api.store.update('parts', partId, { quantity: 0 });
    expect((await getCart(customer)).body.lines[0]).toMatchObject({
      exceedsStock: true,
      message: 'This part is out of stock',
    });
  });

  it("says when a line is below the part's minimum order", async () => {
    const customer = await api.customer('minimum');
    const partId = await api.addPart({ order: 4, quantity: 50 });
    const cart = await setItem(customer, partId, 2);
    expect(cart.body.lines[0]).toMatchObject({ exceedsStock: false, message: 'Order at least 4' });
    expect(cart.body.canCheckout).toBe(false);
  });

  it('sets a quantity rather than adding to it, and removes a line', async () => {
    const customer = await api.customer('changes');
    const partId = await api.addPart({ order: 1 });
    await setItem(customer, partId, 2);
    expect((await setItem(customer, partId, 7)).body).toMatchObject({
      lines: [{ partId, quantity: 7 }],
      itemCount: 7,
    });
    expect((await removeItem(customer, partId)).body.lines).toEqual([]);
    // Removing it again is no error.
    expect((await removeItem(customer, partId)).status).toBe(200);
  });

  it('leaves out a part that was deleted since', async () => {
    const customer = await api.customer('deleted');
    const kept = await api.addPart({ order: 1 });
    const dropped = await api.addPart({ order: 1 });
    await setItem(customer, kept, 1);
    await setItem(customer, dropped, 1);
    await api.store.delete('parts', dropped);
    expect((await getCart(customer)).body.lines.map((line) => line.partId)).toEqual([kept]);
  });

  it('belongs to its customer alone', async () => {
    const [one, two] = await Promise.all([api.customer('one'), api.customer('two')]);
    const partId = await api.addPart({ order: 1 });
    await setItem(one, partId, 3);
    expect((await getCart(two)).body.lines).toEqual([]);
    expect((await api.request('GET', '/cart')).status).toBe(401);
    expect(
      (await api.request('PUT', `/cart/items/${partId}`, { json: { quantity: 1 } })).status,
    ).toBe(401);
  });

  it.each([
    ['zero', 0],
    ['a fraction', 1.5],
    ['text', 'two'],
    ['missing', undefined],
  ])('refuses a quantity that is %s', async (_label, quantity) => {
    const customer = await api.customer('bad-quantity');
    const partId = await api.addPart();
    const response = await setItem(customer, partId, quantity);
    expect(response).toMatchObject({
      status: 422,
      body: { error: { fields: { quantity: expect.any(String) } } },
    });
  });

  it('answers 404 for a part that does not exist', async () => {
    const customer = await api.customer('missing-part');
    expect((await setItem(customer, 'no-such-part', 1)).status).toBe(404);
    expect((await setItem(customer, 'a.b', 1)).status).toBe(404);
  });

  it(`holds at most ${CART_LINES_MAX} different parts`, async () => {
    const customer = await api.customer('full');
    const parts = await Promise.all(
      Array.from({ length: CART_LINES_MAX + 1 }, () => api.addPart({ order: 1 })),
    );
    const filled = await merge(
      customer,
      parts.slice(0, CART_LINES_MAX).map((partId) => ({ partId, quantity: 1 })),
    );
    expect(filled.body.lines).toHaveLength(CART_LINES_MAX);
    expect(await setItem(customer, parts[CART_LINES_MAX]!, 1)).toMatchObject({
      status: 409,
      body: { error: { message: `The cart holds at most ${CART_LINES_MAX} different parts` } },
    });
  });
});

describe('POST /cart/merge', () => {
  it("merges a visitor's browser cart: new parts added, a shared part keeps the larger quantity", async () => {
    const customer = await api.customer('merger');
    const [a, b, c] = await Promise.all([
      api.addPart({ order: 1 }),
      api.addPart({ order: 1 }),
      api.addPart({ order: 1 }),
    ]);
    await setItem(customer, a, 2);
    await setItem(customer, b, 5);
    const browserCart = [
      { partId: b, quantity: 3 },
      { partId: c, quantity: 4 },
      { partId: a, quantity: 6 },
      { partId: 'gone-part', quantity: 1 },
    ];
    const merged = await merge(customer, browserCart);
    expect(merged.status).toBe(200);
    const quantities = merged.body.lines.map((line) => [line.partId, line.quantity]);
    expect(quantities).toEqual([
      [a, 6],
      [b, 5],
      [c, 4],
    ]);
    // Sent again (a retried sign-in), it changes nothing.
    expect((await merge(customer, browserCart)).body.lines.map((line) => line.quantity)).toEqual([
      6, 5, 4,
    ]);
  });

  it('refuses a list that is not one of parts and quantities, each part once', async () => {
    const customer = await api.customer('bad-merge');
    const partId = await api.addPart();
    expect((await merge(customer, 'everything')).status).toBe(422);
    expect((await merge(customer, [{ partId, quantity: -1 }])).status).toBe(422);
    expect(
      (
        await merge(customer, [
          { partId, quantity: 1 },
          { partId, quantity: 2 },
        ])
      ).status,
    ).toBe(422);
    expect((await getCart(customer)).body.lines).toEqual([]);
  });
});
