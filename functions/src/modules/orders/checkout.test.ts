/** One order of several lines: all of its stock or none (issue 11, docs/decisions/018). */
import type {
  ApiErrorBody,
  Cart,
  CheckoutResult,
  PaymentIntentResult,
  PaymentRecordedResult,
  InsertResult,
  Order,
  Part,
  SavedAddressResult,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itNeedsIsolation,
  MANY_ORDERS,
  startApi,
  type Harness,
  type TestUser,
} from '../../testing/api-harness.js';
import type { OrderDoc } from './order-record.js';

let api: Harness;
let customer: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  customer = await api.customer('checkout');
});
afterAll(async () => {
  await api?.close();
});

const MINUTE = 60_000;
/** Where the orders go: a country, in a shop that has set no shipping methods. */
const address = { address: '1 Chainring Road, Gearford', number: '+1 555 0100', country: 'US' };

const checkout = (
  user: TestUser,
  items: { partId: string; quantity: number }[],
  extra: Record<string, unknown> = {},
) =>
  api.request<InsertResult>('POST', '/checkout', {
    token: user.token,
    json: { items, ...address, ...extra },
  });

const orderOf = async (user: TestUser, id: string) =>
  (await api.request<Order>('GET', `/ordered/${id}`, { token: user.token })).body;

/** A chain, bar tape and a saddle, with the stock each test needs. */
async function threeParts(stock: [number, number, number] = [10, 10, 10]) {
  return Promise.all([
    api.addPart({ productName: 'Chain 11s', price: 2599, order: 1, quantity: stock[0] }),
    api.addPart({ productName: 'Cork bar tape', price: 1500, order: 1, quantity: stock[1] }),
    api.addPart({ productName: 'Contour saddle', price: 5000, order: 1, quantity: stock[2] }),
  ]);
}

describe('POST /checkout', () => {
  it('places one order of every line, with prices from the parts and the total computed', async () => {
    const [chain, tape, saddle] = await threeParts();
    const placed = await checkout(customer, [
      { partId: chain, quantity: 2 },
      { partId: tape, quantity: 1 },
      { partId: saddle, quantity: 3 },
    ]);
    expect(placed).toMatchObject({
      status: 201,
      body: { acknowledged: true, insertedId: expect.any(String) },
    });
    expect([await api.stockOf(chain), await api.stockOf(tape), await api.stockOf(saddle)]).toEqual([
      8, 9, 7,
    ]);

    const order = await orderOf(customer, placed.body.insertedId);
    expect(order.lines).toEqual([
      {
        partId: chain,
        partName: 'Chain 11s',
        img: expect.any(String),
        price: 2599,
        quantity: 2,
        lineTotal: 5198,
      },
      expect.objectContaining({ partId: tape, price: 1500, quantity: 1, lineTotal: 1500 }),
      expect.objectContaining({ partId: saddle, price: 5000, quantity: 3, lineTotal: 15000 }),
    ]);
    expect(order).toMatchObject({
      totalPrice: 5198 + 1500 + 15000,
      email: customer.email,
      userName: customer.name,
      ...address,
      paid: false,
      status: 'unpaid',
      timeline: [{ status: 'unpaid', actor: 'customer', at: order.createdAt }],
    });
    expect(Date.parse(order.expiresAt ?? '') - Date.parse(order.createdAt)).toBe(30 * MINUTE);
  });

  it("reads to an original client as one order: the first part's id, a summary name, all items, the total", async () => {
    const [chain, tape, saddle] = await threeParts();
    const placed = await checkout(customer, [
      { partId: chain, quantity: 2 },
      { partId: tape, quantity: 1 },
      { partId: saddle, quantity: 3 },
    ]);
    const list = await api.request<Order[]>(
      'GET',
      `/ordered?email=${encodeURIComponent(customer.email)}`,
      { token: customer.token },
    );
    const seen = list.body.find((order) => order._id === placed.body.insertedId);
    const chainPart = (await api.request<Part>('GET', `/parts/${chain}`)).body;
    expect(seen).toMatchObject({
      partId: chain,
      partName: 'Chain 11s and 2 more',
      img: chainPart.img,
      orderQuantity: 6,
      price: 21698,
      totalPrice: 21698,
    });
  });

  it('makes a one-line order that reads exactly like the spec purchase', async () => {
    const [chain] = await threeParts();
    const placed = await checkout(customer, [{ partId: chain, quantity: 3 }]);
    expect(await orderOf(customer, placed.body.insertedId)).toMatchObject({
      partId: chain,
      partName: 'Chain 11s',
      price: 2599,
      orderQuantity: 3,
      totalPrice: 7797,
    });
  });

  it('reserves nothing when one line is short, and names each short line by part id', async () => {
    const [chain, tape, saddle] = await threeParts([10, 2, 0]);
    const before = await api.snapshot();
    const refused = await checkout(customer, [
      { partId: chain, quantity: 4 },
      { partId: tape, quantity: 3 },
      { partId: saddle, quantity: 1 },
    ]);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message:
            'Not enough stock for Cork bar tape (Only 2 available), Contour saddle (This part is out of stock). Change the quantities and try again.',
          fields: { [tape]: 'Only 2 available', [saddle]: 'This part is out of stock' },
        },
      },
    });
    // Only the short lines are named: the chain could have been had.
    expect(Object.keys((refused.body as unknown as ApiErrorBody).error.fields ?? {})).toEqual([
      tape,
      saddle,
    ]);
    expect(await api.snapshot()).toEqual(before);
  });

  it('names a part that is gone, and refuses lines below their minimum with a 422', async () => {
    const [chain] = await threeParts();
    const bulk = await api.addPart({ productName: 'Spokes', order: 10, quantity: 100 });
    const before = await api.snapshot();
    const gone = await checkout(customer, [
      { partId: chain, quantity: 1 },
      { partId: 'no-such-part', quantity: 1 },
    ]);
    expect(gone).toMatchObject({
      status: 409,
      body: { error: { fields: { 'no-such-part': 'This part is no longer sold' } } },
    });
    const below = await checkout(customer, [
      { partId: chain, quantity: 1 },
      { partId: bulk, quantity: 4 },
    ]);
    expect(below).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_failed', fields: { [bulk]: 'Order at least 10' } } },
    });
    expect(await api.snapshot()).toEqual(before);
  });

  it.each([
    ['no items', () => ({ items: [] }), 'items'],
    [
      'the same part twice',
      (partId: string) => ({
        items: [
          { partId, quantity: 1 },
          { partId, quantity: 2 },
        ],
      }),
      'items',
    ],
    [
      'a quantity that is text',
      (partId: string) => ({ items: [{ partId, quantity: '2' }] }),
      'items[0].quantity',
    ],
    [
      'a fractional quantity',
      (partId: string) => ({ items: [{ partId, quantity: 1.5 }] }),
      'items[0].quantity',
    ],
    ['an item that is not an object', () => ({ items: [7] }), 'items[0]'],
    [
      'no address',
      (partId: string) => ({ items: [{ partId, quantity: 1 }], address: '' }),
      'address',
    ],
    [
      'a bad phone number',
      (partId: string) => ({ items: [{ partId, quantity: 1 }], number: 'call me' }),
      'number',
    ],
  ])('refuses %s with a 422 and writes nothing', async (_label, body, field) => {
    const [chain] = await threeParts();
    const before = await api.snapshot();
    const response = await api.request('POST', '/checkout', {
      token: customer.token,
      json: { ...address, ...body(chain) },
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: { fields: { [field]: expect.any(String) } } });
    expect(await api.snapshot()).toEqual(before);
  });

  it('takes the name from the account, never the body, and needs a signed-in caller', async () => {
    const [chain] = await threeParts();
    const placed = await checkout(customer, [{ partId: chain, quantity: 1 }], {
      userName: 'Someone Else',
      email: 'someone@else.test',
      price: 1,
    });
    const order = await orderOf(customer, placed.body.insertedId);
    expect(order).toMatchObject({ userName: customer.name, email: customer.email, price: 2599 });
    const anonymous = await api.request('POST', '/checkout', {
      json: { items: [{ partId: chain, quantity: 1 }], ...address },
    });
    expect(anonymous.status).toBe(401);
  });

  it('takes the checked-out parts out of the stored cart and leaves the others', async () => {
    const shopper = await api.customer('cart-shopper');
    const [chain, tape, saddle] = await threeParts();
    for (const partId of [chain, tape, saddle]) {
      await api.request('PUT', `/cart/items/${partId}`, {
        token: shopper.token,
        json: { quantity: 1 },
      });
    }
    expect(
      (
        await checkout(shopper, [
          { partId: chain, quantity: 1 },
          { partId: tape, quantity: 1 },
        ])
      ).status,
    ).toBe(201);
    const cart = await api.request<Cart>('GET', '/cart', { token: shopper.token });
    expect(cart.body.lines.map((line) => line.partId)).toEqual([saddle]);
  });

  it('keeps the address in the address book when asked, and prefills it next time', async () => {
    const shopper = await api.customer('address-keeper');
    const [chain] = await threeParts();
    await checkout(shopper, [{ partId: chain, quantity: 1 }]);
    const none = await api.request<SavedAddressResult>('GET', '/profiles/me/address', {
      token: shopper.token,
    });
    expect(none.body).toEqual({ savedAddress: null });
    await checkout(shopper, [{ partId: chain, quantity: 1 }], { saveAddress: true });
    const saved = await api.request<SavedAddressResult>('GET', '/profiles/me/address', {
      token: shopper.token,
    });
    expect(saved.body).toEqual({ savedAddress: { name: shopper.name, ...address } });
  });
});

describe('the limits of POST /ordered hold for the checkout too', () => {
  it('counts checkouts and purchases against the same unpaid orders and the same rate', async () => {
    const shop = await startApi({
      env: { SHOP_MAX_UNPAID_ORDERS: '2', SHOP_ORDERS_PER_MINUTE: '3' },
    });
    try {
      // The minute's count is of one fixed window: all of this test's orders fall in it.
      shop.startRateWindow(60_000);
      const partId = await shop.addPart({ order: 1, quantity: 100 });
      const buyer = await shop.customer('limited');
      const items = [{ partId, quantity: 1 }];
      const viaCheckout = () =>
        shop.request<InsertResult>('POST', '/checkout', {
          token: buyer.token,
          json: { items, ...address },
        });
      const first = await viaCheckout();
      expect(first.status).toBe(201);
      const purchase = await shop.request('POST', '/ordered', {
        token: buyer.token,
        json: { partId, orderQuantity: 1, ...address },
      });
      expect(purchase.status).toBe(201);
      expect(await viaCheckout()).toMatchObject({
        status: 409,
        body: { error: { message: expect.stringMatching(/2 unpaid orders/) } },
      });
      await shop.request('DELETE', `/ordered/${first.body.insertedId}`, { token: buyer.token });
      const limited = await viaCheckout();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await shop.close();
    }
  });
});

describe('stock of every line comes back', () => {
  async function threeLineOrder(user: TestUser) {
    const parts = await threeParts([10, 10, 10]);
    const placed = await checkout(
      user,
      parts.map((partId, index) => ({ partId, quantity: index + 1 })),
    );
    expect(placed.status).toBe(201);
    return { parts, id: placed.body.insertedId };
  }
  const stocks = (parts: string[]) => Promise.all(parts.map((partId) => api.stockOf(partId)));

  it('when the customer cancels', async () => {
    const { parts, id } = await threeLineOrder(customer);
    expect(await stocks(parts)).toEqual([9, 8, 7]);
    const cancelled = await api.request<Order>('POST', `/ordered/${id}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
    expect(await stocks(parts)).toEqual([10, 10, 10]);
  });

  it('when the order is deleted', async () => {
    const { parts, id } = await threeLineOrder(customer);
    await api.request('DELETE', `/ordered/${id}`, { token: customer.token });
    expect(await stocks(parts)).toEqual([10, 10, 10]);
  });

  it('when the hold runs out, once', async () => {
    const { parts, id } = await threeLineOrder(customer);
    api.advanceClock(31 * MINUTE);
    try {
      expect(await api.sweep()).toBeGreaterThanOrEqual(1);
      await api.sweep();
      expect(await orderOf(customer, id)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'expired',
      });
      expect(await stocks(parts)).toEqual([10, 10, 10]);
    } finally {
      api.advanceClock(-31 * MINUTE);
    }
  });

  it('and a multi-line order is paid for its whole total', async () => {
    const { id } = await threeLineOrder(customer);
    const order = await orderOf(customer, id);
    expect((await api.pay(customer, id)).status).toBe(200);
    const paid = await orderOf(customer, id);
    expect(paid).toMatchObject({ status: 'paid', paid: true, totalPrice: order.totalPrice });
    expect(paid.timeline.map((entry) => [entry.status, entry.actor])).toEqual([
      ['unpaid', 'customer'],
      ['paid', 'gateway'],
    ]);
  });
});

describe('concurrent checkouts', () => {
  itNeedsIsolation(
    '25 customers at once on overlapping parts: no part oversold, every order whole or absent',
    async () => {
      const stock = [12, 9, 15];
      const parts = await Promise.all(stock.map((quantity) => api.addPart({ order: 1, quantity })));
      const buyers = await Promise.all(
        Array.from({ length: 25 }, (_, index) => api.customer(`rush-${index}`)),
      );
      // Each checkout wants two of the three parts, so every pair of parts competes.
      const baskets = Array.from({ length: buyers.length }, (_, index) => {
        const skip = index % 3;
        return parts
          .filter((_, partIndex) => partIndex !== skip)
          .map((partId, line) => ({ partId, quantity: 1 + ((index + line) % 2) }));
      });
      const results = await Promise.all(
        baskets.map((items, index) =>
          api.request<InsertResult>('POST', '/checkout', {
            token: buyers[index]!.token,
            json: { items, ...address },
            retryWhileBusy: true,
          }),
        ),
      );
      expect(results.every((result) => result.status === 201 || result.status === 409)).toBe(true);
      const placed = results.flatMap((result, index) =>
        result.status === 201 ? [{ id: result.body.insertedId, items: baskets[index]! }] : [],
      );
      expect(placed.length).toBeGreaterThan(0);
      expect(placed.length).toBeLessThan(baskets.length);

      const orders = await Promise.all(
        placed.map(async ({ id }) => (await api.store.get<OrderDoc>('orders', id))!.data),
      );
      // Every order has all of its lines, as asked.
      orders.forEach((order, index) => {
        expect(order.lines?.map(({ partId, quantity }) => ({ partId, quantity }))).toEqual(
          placed[index]!.items,
        );
      });
      // The stock left is the stock there was, less exactly what the placed orders hold.
      for (const [partIndex, partId] of parts.entries()) {
        const sold = orders
          .flatMap((order) => order.lines ?? [])
          .filter((line) => line.partId === partId)
          .reduce((sum, line) => sum + line.quantity, 0);
        const left = await api.stockOf(partId);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left + sold).toBe(stock[partIndex]);
      }
    },
  );
});

describe('a price changed since the cart was shown (issue 21 item 7)', () => {
  it('refuses the checkout with the new figures, and places it at the total the shopper saw', async () => {
    const admin = await api.admin();
    const partId = await api.addPart({ productName: 'Ceramic bearing', price: 1000, order: 1 });
    const shownTotal = 2 * 1000;
    const patched = await api.request('PATCH', `/parts/${partId}`, {
      token: admin.token,
      json: { price: 99000 },
    });
    expect(patched.status).toBe(200);
    const stockBefore = await api.stockOf(partId);

    const refused = await checkout(customer, [{ partId, quantity: 2 }], {
      expectedTotal: shownTotal,
    });
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as ApiErrorBody).error).toEqual({
      code: 'conflict',
      message:
        'Prices changed since your cart was shown: the total is now $1,980.00, not $20.00. Check the lines and place the order again.',
      prices: { lines: { [partId]: 99000 }, total: 198000 },
    });
    expect(await api.stockOf(partId)).toBe(stockBefore);

    const placed = await checkout(customer, [{ partId, quantity: 2 }], { expectedTotal: 198000 });
    expect(placed.status).toBe(201);
    expect((await orderOf(customer, placed.body.insertedId)).totalPrice).toBe(198000);
  });
});

describe('one round trip to pay (issue 22 item 3)', () => {
  it('answers the order and its payment intent, and the reported payment with the paid order', async () => {
    const partId = await api.addPart({ productName: 'Bottom bracket', price: 3200, order: 1 });
    const placed = await api.request<CheckoutResult>('POST', '/checkout', {
      token: customer.token,
      json: { items: [{ partId, quantity: 1 }], ...address },
    });
    expect(placed.status).toBe(201);
    const { insertedId, order, payment } = placed.body;
    expect(order).toMatchObject({ _id: insertedId, status: 'unpaid', totalPrice: 3200 });
    expect(payment).toEqual({
      clientSecret: expect.stringContaining('_secret_'),
      gateway: 'simulated',
      // A signed-in customer's intent is their Customer's: saved cards can pay it (decision 068).
      savesCards: true,
      savedCards: [],
    });
    // The same intent the payment page would have asked for.
    const asked = await api.request<PaymentIntentResult>('POST', '/create-payment-intent', {
      token: customer.token,
      json: { orderId: insertedId },
    });
    expect(asked.body).toEqual(payment);

    const confirmed = await api.request<{ transactionId: string }>(
      'POST',
      '/payments/simulated/confirm',
      {
        token: customer.token,
        json: {
          clientSecret: payment?.clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
        },
      },
    );
    const recorded = await api.request<PaymentRecordedResult>('PATCH', `/ordered/${insertedId}`, {
      token: customer.token,
      json: { transactionId: confirmed.body.transactionId },
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.order).toMatchObject({ _id: insertedId, status: 'paid', paid: true });
  });
});
