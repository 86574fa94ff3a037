/** Stock cannot be hoarded, and nobody pays for an order that no longer holds stock (issue 8). */
import type { InsertResult, Order } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
beforeAll(async () => {
  // The shop's defaults: a 30-minute hold, 3 unpaid orders, 10 orders a minute.
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const MINUTE = 60_000;

function orderBody(partId: string, orderQuantity = 1) {
  return { partId, address: '1 Chainring Road', number: '5550100', orderQuantity };
}

const place = (user: TestUser, partId: string, quantity = 1) =>
  api.request<InsertResult>('POST', '/ordered', {
    token: user.token,
    json: orderBody(partId, quantity),
  });

const orderOf = async (user: TestUser, id: string) =>
  (await api.request<Order>('GET', `/ordered/${id}`, { token: user.token })).body;

describe('one account cannot lock a part away', () => {
  it('15 orders of 1 against a stock of 15 leave most of it for the next customer', async () => {
    const partId = await api.addPart({ order: 1, quantity: 15 });
    const hoarder = await api.customer('hoarder');
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) statuses.push((await place(hoarder, partId)).status);

    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses.slice(3).every((status) => status === 409 || status === 429)).toBe(true);
    const refused = await place(hoarder, partId);
    expect(refused.body).toMatchObject({
      error: { message: expect.stringMatching(/3 unpaid orders|Too many orders/) },
    });
    expect(await api.stockOf(partId)).toBe(12);

    const next = await api.customer('next');
    expect((await place(next, partId, 5)).status).toBe(201);
    expect(await api.stockOf(partId)).toBe(7);
  });

  it('says how many unpaid orders are allowed, and lets the customer order again after paying one', async () => {
    const partId = await api.addPart({ order: 1, quantity: 50, price: 1250 });
    const customer = await api.customer('payer');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await place(customer, partId)).body.insertedId);
    const fourth = await place(customer, partId);
    expect(fourth).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: expect.stringMatching(/3 unpaid orders/) } },
    });
    expect((await api.pay(customer, ids[0]!)).status).toBe(200);
    expect((await place(customer, partId)).status).toBe(201);
  });

  it('rate-limits order placement per account, with Retry-After', async () => {
    api.startRateWindow(60_000);
    const partId = await api.addPart({ order: 1, quantity: 100 });
    const customer = await api.customer('burst');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const placed = await place(customer, partId);
      statuses.push(placed.status);
      // Delete each order so that only the rate, not the unpaid limit, can refuse.
      if (placed.status === 201) {
        await api.request('DELETE', `/ordered/${placed.body.insertedId}`, {
          token: customer.token,
        });
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    const limited = await place(customer, partId);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await place(await api.customer('calm'), partId)).status).toBe(201);
  });
});

describe('the unpaid hold', () => {
  it('cancels an unpaid order after 30 minutes, returns its stock, and refuses paying it', async () => {
    const partId = await api.addPart({ order: 2, quantity: 10, price: 1250 });
    const customer = await api.customer('late');
    const id = (await place(customer, partId, 4)).body.insertedId;
    const placed = await orderOf(customer, id);
    expect(Date.parse(placed.expiresAt ?? '') - Date.parse(placed.createdAt)).toBe(30 * MINUTE);
    // An intent made in time, to pay with after the hold ran out.
    const intent = await api.request<{ clientSecret: string }>('POST', '/create-payment-intent', {
      token: customer.token,
      json: { orderId: id },
    });
    expect(intent.status).toBe(200);
    expect(await api.stockOf(partId)).toBe(6);

    api.advanceClock(29 * MINUTE);
    expect((await orderOf(customer, id)).status).toBe('unpaid');
    api.advanceClock(2 * MINUTE);
    try {
      // Reading the order settles it: cancelled, not paid in time, stock back on the shelf.
      expect(await orderOf(customer, id)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'expired',
        paid: false,
      });
      expect(await api.stockOf(partId)).toBe(6 + 4);

      const newIntent = await api.request('POST', '/create-payment-intent', {
        token: customer.token,
        json: { orderId: id },
      });
      expect(newIntent).toMatchObject({ status: 409, body: { error: { code: 'conflict' } } });
      // The intent was cancelled at the gateway: the card is refused, and nothing is charged.
      const paid = await api.request('POST', '/payments/simulated/confirm', {
        token: customer.token,
        json: {
          clientSecret: intent.body.clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
        },
      });
      expect(paid.status).toBe(400);
      expect(JSON.stringify(paid.body)).toMatch(/canceled/);
      const patched = await api.request('PATCH', `/ordered/${id}`, {
        token: customer.token,
        json: { transactionId: intent.body.clientSecret.split('_secret_')[0] },
      });
      expect(patched.status).toBe(409);
      expect((await orderOf(customer, id)).status).toBe('cancelled');
      expect(await api.stockOf(partId)).toBe(10);
    } finally {
      api.advanceClock(-31 * MINUTE);
    }
  });

  it('is swept on a schedule too, without anyone reading the order', async () => {
    const partId = await api.addPart({ order: 1, quantity: 5 });
    const customer = await api.customer('swept');
    const id = (await place(customer, partId, 3)).body.insertedId;
    api.advanceClock(31 * MINUTE);
    try {
      expect(await api.sweep()).toBeGreaterThanOrEqual(1);
      const stored = await api.store.get<{ status: string; cancelReason: string }>('orders', id);
      expect(stored?.data).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
      expect(await api.stockOf(partId)).toBe(5);
      // A second sweep finds nothing more to do for it, and the stock is returned once.
      await api.sweep();
      expect(await api.stockOf(partId)).toBe(5);
      // A cancelled order no longer counts against the customer, and can be deleted.
      const deleted = await api.request('DELETE', `/ordered/${id}`, { token: customer.token });
      expect(deleted).toMatchObject({ status: 200, body: { deletedCount: 1 } });
      expect(await api.stockOf(partId)).toBe(5);
    } finally {
      api.advanceClock(-31 * MINUTE);
    }
  });

  it('lets a customer whose hold lapsed order the units it held again, at once', async () => {
    const partId = await api.addPart({ order: 1, quantity: 4 });
    const customer = await api.customer('again');
    // Half of the part: the most one customer may hold unpaid.
    const lapsed = (await place(customer, partId, 2)).body.insertedId;
    expect(await api.stockOf(partId)).toBe(2);
    api.advanceClock(31 * MINUTE);
    try {
      // Nobody has read or swept the lapsed order: placing the new one settles it first.
      const again = await place(customer, partId, 2);
      expect(again.status).toBe(201);
      expect((await orderOf(customer, lapsed)).status).toBe('cancelled');
      expect((await orderOf(customer, again.body.insertedId)).status).toBe('unpaid');
      expect(await api.stockOf(partId)).toBe(2);
    } finally {
      api.advanceClock(-31 * MINUTE);
    }
  });

  it('honours SHOP_UNPAID_HOLD_MINUTES and SHOP_MAX_UNPAID_ORDERS', async () => {
    const shop = await startApi({
      env: { SHOP_UNPAID_HOLD_MINUTES: '5', SHOP_MAX_UNPAID_ORDERS: '1' },
    });
    try {
      const partId = await shop.addPart({ order: 1, quantity: 5 });
      const customer = await shop.customer();
      const first = await shop.request<InsertResult>('POST', '/ordered', {
        token: customer.token,
        json: orderBody(partId),
      });
      const order = await shop.request<Order>('GET', `/ordered/${first.body.insertedId}`, {
        token: customer.token,
      });
      expect(Date.parse(order.body.expiresAt ?? '') - Date.parse(order.body.createdAt)).toBe(
        5 * MINUTE,
      );
      const second = await shop.request('POST', '/ordered', {
        token: customer.token,
        json: orderBody(partId),
      });
      expect(second).toMatchObject({
        status: 409,
        body: { error: { message: expect.stringMatching(/1 unpaid order/) } },
      });
    } finally {
      await shop.close();
    }
  });
});
