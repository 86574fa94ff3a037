/**
 * One free account cannot reserve the shop's stock (issue 21 item 1): unpaid orders hold at most
 * SHOP_MAX_UNPAID_UNITS units together and at most half of any part, and placing then deleting
 * orders runs out of an hourly allowance per account and per network address.
 */
import type { ApiErrorBody, InsertResult } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { newNetworkAddress } from '../../testing/network-address.js';
import { UNITS_WINDOW_MS } from './orders.routes.js';

const MAX_UNITS = 10;
const LIMITS = { SHOP_MAX_UNPAID_UNITS: String(MAX_UNITS), SHOP_MAX_UNPAID_ORDERS: '100' };
let api: Harness;

beforeAll(async () => {
  api = await startApi({ env: LIMITS });
});
afterAll(async () => {
  await api?.close();
});

/** Where the orders go: a country, in a shop that has set no shipping methods. */
const address = { address: '1 Chainring Road, Gearford', number: '+1 555 0100', country: 'US' };

const checkout = (
  user: TestUser,
  items: { partId: string; quantity: number }[],
  from = newNetworkAddress(),
  shop = api,
) =>
  shop.request<InsertResult & ApiErrorBody>('POST', '/checkout', {
    token: user.token,
    json: { items, ...address },
    headers: { 'x-forwarded-for': from },
  });

const part = (quantity: number, productName = `Part ${quantity}`, shop = api) =>
  shop.addPart({ productName, price: 1000, order: 1, quantity });

/**
 * Runs `allowanceTest` on an API of its own whose clock starts a whole hour, the window the
 * allowances count in: a test that crossed the hour as it ran would see its count start again.
 * Its own API, because moving the shared one's clock by up to an hour would expire the sessions
 * of the tests after it.
 */
async function inAFreshHour(allowanceTest: (shop: Harness) => Promise<void>) {
  const shop = await startApi({ env: LIMITS });
  try {
    shop.startRateWindow(UNITS_WINDOW_MS);
    await allowanceTest(shop);
  } finally {
    await shop.close();
  }
}

describe('holding stock without paying', () => {
  it('refuses a checkout of the whole catalogue at full stock and moves no stock', async () => {
    const hoarder = await api.customer('hoarder');
    const parts = await Promise.all([part(100), part(250), part(40), part(7)]);
    const everything = await Promise.all(
      parts.map(async (partId) => ({ partId, quantity: await api.stockOf(partId) })),
    );
    const refused = await checkout(hoarder, everything);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      `One order can hold at most ${MAX_UNITS} units until it is paid. Order fewer.`,
    );
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([
      100, 250, 40, 7,
    ]);
  });

  it('holds at most the unit cap across all unpaid orders', async () => {
    const shopper = await api.customer('cap');
    const [a, b] = await Promise.all([part(100), part(100)]);
    expect((await checkout(shopper, [{ partId: a, quantity: 6 }])).status).toBe(201);
    const over = await checkout(shopper, [{ partId: b, quantity: 5 }]);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(
      `Unpaid orders can hold at most ${MAX_UNITS} units, and yours hold 6. Pay for or delete one, or order fewer.`,
    );
    expect((await checkout(shopper, [{ partId: b, quantity: 4 }])).status).toBe(201);
    expect(await api.stockOf(b)).toBe(96);
  });

  it('holds at most half of a part (rounded up), counting what the customer holds already', async () => {
    const shopper = await api.customer('half');
    const partId = await part(9, 'Tubeless valve');
    const tooMany = await checkout(shopper, [{ partId, quantity: 6 }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error.message).toBe(
      'Tubeless valve: at most 5 per customer until paid, so that others can buy it too',
    );
    expect(tooMany.body.error.fields).toEqual({ [partId]: expect.stringContaining('at most 5') });
    expect((await checkout(shopper, [{ partId, quantity: 3 }])).status).toBe(201);
    expect((await checkout(shopper, [{ partId, quantity: 2 }])).status).toBe(201);
    expect((await checkout(shopper, [{ partId, quantity: 1 }])).status).toBe(409);
    // Someone else may still buy what is left.
    const other = await api.customer('half-other');
    expect((await checkout(other, [{ partId, quantity: 2 }])).status).toBe(201);
    expect(await api.stockOf(partId)).toBe(2);
  });

  it('still sells the last unit', async () => {
    const shopper = await api.customer('last');
    const partId = await part(1, 'Last derailleur hanger');
    expect((await checkout(shopper, [{ partId, quantity: 1 }])).status).toBe(201);
  });

  it('does not give the allowance back when unpaid orders are deleted', () =>
    inAFreshHour(async (shop) => {
      const shopper = await shop.customer('delete-and-again');
      const partId = await part(1000, undefined, shop);
      const from = newNetworkAddress();
      // An account may reserve twice the cap in an hour, whatever becomes of the orders.
      for (let round = 0; round < 2; round += 1) {
        const placed = await checkout(shopper, [{ partId, quantity: MAX_UNITS }], from, shop);
        expect(placed.status).toBe(201);
        const deleted = await shop.request('DELETE', `/ordered/${placed.body.insertedId}`, {
          token: shopper.token,
        });
        expect(deleted.status).toBe(200);
      }
      const again = await checkout(shopper, [{ partId, quantity: 1 }], from, shop);
      expect(again.status).toBe(429);
      expect(again.body.error.message).toMatch(/Too many units ordered without payment/);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await shop.stockOf(partId)).toBe(1000);
    }));

  it('limits one network address across fresh accounts', () =>
    inAFreshHour(async (shop) => {
      const partId = await part(1000, undefined, shop);
      const from = newNetworkAddress();
      // Ten times the cap per address in an hour.
      for (let account = 0; account < 10; account += 1) {
        const fresh = await shop.customer(`fresh-${account}`);
        const placed = await checkout(fresh, [{ partId, quantity: MAX_UNITS }], from, shop);
        expect(placed.status).toBe(201);
      }
      const eleventh = await shop.customer('fresh-11');
      expect((await checkout(eleventh, [{ partId, quantity: 1 }], from, shop)).status).toBe(429);
      expect((await checkout(eleventh, [{ partId, quantity: 1 }], undefined, shop)).status).toBe(
        201,
      );
    }));
});
