/**
 * POST /parts/{id}/views (the sharded view counter, docs/decisions/022) and GET /stats (the
 * Business Summary from the store, a minute old at most).
 */
import type { BusinessSummary, InsertResult, ProductViewResult } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itNeedsIsolation,
  MANY_ORDERS,
  startApi,
  type Harness,
  type TestUser,
} from '../../testing/api-harness.js';
import { VIEW_REPEAT_WINDOW_MS, VIEWS_PER_ADDRESS_PER_MINUTE } from './stats.routes.js';
import {
  VIEW_DAYS_COLLECTION,
  VIEW_SHARDS,
  VIEW_SHARDS_COLLECTION,
  type ViewDayDoc,
  type ViewShardDoc,
} from '../views/product-views.js';
import { newNetworkAddress } from '../../testing/network-address.js';

let api: Harness;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: { ...MANY_ORDERS, SHOP_CACHE_MAX_AGE_SECONDS: '60' } });
  [customer, admin] = await Promise.all([api.customer(), api.admin()]);
});
afterAll(async () => {
  await api?.close();
});

const view = (partId: string, address: string) =>
  api.request<ProductViewResult>('POST', `/parts/${partId}/views`, {
    headers: { 'x-forwarded-for': address },
    retryWhileBusy: true,
  });

const shardsOf = async (partId: string) =>
  (await api.store.query<ViewShardDoc>(VIEW_SHARDS_COLLECTION)).filter(
    ({ data }) => data.partId === partId,
  );
const viewsOf = async (partId: string) =>
  (await shardsOf(partId)).reduce((sum, { data }) => sum + data.count, 0);

describe('POST /parts/{id}/views', () => {
  it('counts a view once per address and part within the window', async () => {
    const partId = await api.addPart();
    const otherPart = await api.addPart();
    const address = newNetworkAddress();
    // The window is a fixed stretch of the clock: start at the beginning of one, so that the
    // view and its repeat below cannot fall into two.
    api.startRateWindow(VIEW_REPEAT_WINDOW_MS);
    expect(await view(partId, address)).toMatchObject({ status: 200, body: { counted: true } });
    expect((await view(partId, address)).body).toEqual({ counted: false });
    expect((await view(otherPart, address)).body).toEqual({ counted: true });
    expect((await view(partId, newNetworkAddress())).body).toEqual({ counted: true });
    expect(await viewsOf(partId)).toBe(2);

    api.advanceClock(VIEW_REPEAT_WINDOW_MS);
    expect((await view(partId, address)).body).toEqual({ counted: true });
    expect(await viewsOf(partId)).toBe(3);
  });

  it("spreads a part's views over several shard documents, and the sum is every view", async () => {
    const partId = await api.addPart();
    for (let i = 0; i < 40; i += 1) await view(partId, newNetworkAddress());
    const shards = await shardsOf(partId);
    expect(await viewsOf(partId)).toBe(40);
    // 40 views on one of 10 shards each: all on one or two shards would be a broken random pick.
    expect(shards.length).toBeGreaterThan(2);
    expect(shards.length).toBeLessThanOrEqual(VIEW_SHARDS);
  });

  itNeedsIsolation('loses no view when many arrive at once', async () => {
    const partId = await api.addPart();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => view(partId, newNetworkAddress())),
    );
    expect(answers.every((answer) => answer.status === 200 && answer.body.counted)).toBe(true);
    expect(await viewsOf(partId)).toBe(30);
  });

  itNeedsIsolation(
    "counts every one of 200 concurrent views of one part, in the part's total and the days'",
    async () => {
      const partId = await api.addPart();
      const allDays = async () =>
        (await api.store.query<ViewDayDoc>(VIEW_DAYS_COLLECTION)).reduce(
          (sum, { data }) => sum + data.count,
          0,
        );
      const [partBefore, daysBefore] = await Promise.all([viewsOf(partId), allDays()]);
      // Asked once each (no retry of a 503): every view must count the first time.
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          api.request<ProductViewResult>('POST', `/parts/${partId}/views`, {
            headers: { 'x-forwarded-for': newNetworkAddress() },
          }),
        ),
      );
      const statuses = answers.map(({ status }) => status);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(answers.every(({ body }) => body.counted)).toBe(true);
      expect(await viewsOf(partId)).toBe(partBefore + 200);
      expect(await allDays()).toBe(daysBefore + 200);
    },
  );

  it('counts a view turned away while the store was busy when it is asked again', async () => {
    const partId = await api.addPart();
    const address = newNetworkAddress();
    api.storeOutage(true);
    try {
      const busy = await api.request('POST', `/parts/${partId}/views`, {
        headers: { 'x-forwarded-for': address },
      });
      expect(busy.status).toBe(503);
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      api.storeOutage(false);
    }
    expect(await view(partId, address)).toMatchObject({ status: 200, body: { counted: true } });
    expect(await viewsOf(partId)).toBe(1);
  });

  it('is 404 for a part that does not exist, and counts nothing', async () => {
    const before = await api.store.query(VIEW_SHARDS_COLLECTION);
    expect((await view('no-such-part', newNetworkAddress())).status).toBe(404);
    expect((await view('a.b', newNetworkAddress())).status).toBe(404);
    expect(await api.store.query(VIEW_SHARDS_COLLECTION)).toEqual(before);
  });

  it('limits how many views one address sends a minute', async () => {
    const partId = await api.addPart();
    const address = newNetworkAddress();
    // Windows are whole minutes of the app's clock: start at the beginning of one, so that the
    // loop below cannot run across two.
    api.startRateWindow(60_000);
    for (let i = 0; i < VIEWS_PER_ADDRESS_PER_MINUTE; i += 1) {
      expect((await view(partId, address)).status).toBe(200);
    }
    const refused = await view(partId, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await view(partId, newNetworkAddress())).status).toBe(200);
  });
});

describe('GET /stats', () => {
  const summary = async () => {
    const response = await api.request<BusinessSummary>('GET', '/stats');
    expect(response.status).toBe(200);
    return response.body;
  };
  const placeOrder = async (partId: string) =>
    (
      await api.request<InsertResult>('POST', '/ordered', {
        token: customer.token,
        json: {
          partId,
          userName: 'Shopper',
          address: '1 Road',
          number: '5550100',
          orderQuantity: 2,
        },
      })
    ).body.insertedId;

  it('answers the figures of the store, at most a minute old', async () => {
    // A minute later than anything above, so that the first read below loads afresh; the clock
    // has moved by up to an hour, so the accounts sign in again.
    api.advanceClock(60_000);
    customer.token = await api.tokenFor(customer);
    admin.token = await api.tokenFor(admin);
    const start = await summary();
    const partsNow = (await api.request<unknown[]>('GET', '/parts')).body.length;
    expect(start.parts).toBe(partsNow);
    const allViews = (await api.store.query<ViewShardDoc>(VIEW_SHARDS_COLLECTION)).reduce(
      (sum, { data }) => sum + data.count,
      0,
    );
    expect(start.productViews).toBe(allViews);
    expect(start.orders).toEqual({ total: 0, completed: 0, pending: 0, completedShare: 0 });

    const partId = await api.addPart({ quantity: 100, order: 1 });
    const paid = await placeOrder(partId);
    await api.pay(customer, paid);
    const delivered = await placeOrder(partId);
    await api.pay(customer, delivered);
    await api.request('PUT', `/ordered/${delivered}`, {
      token: admin.token,
      json: { delivertext: true },
    });
    await placeOrder(partId);
    const cancelled = await placeOrder(partId);
    await api.request('POST', `/ordered/${cancelled}/cancel`, { token: customer.token });
    await view(partId, newNetworkAddress());

    // Within the minute the figures stay as they were.
    expect(await summary()).toEqual(start);

    api.advanceClock(60_000);
    expect(await summary()).toEqual({
      parts: partsNow + 1,
      productViews: allViews + 1,
      // Paid and processing are completed, unpaid is pending, cancelled counts in the total only.
      orders: { total: 4, completed: 2, pending: 1, completedShare: 0.5 },
    });
  });
});
