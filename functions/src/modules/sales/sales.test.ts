/**
 * GET /admin/sales and the daily totals behind it (issue 27 items 1-2, docs/decisions/070):
 * orders placed and paid on known days of the shop's time zone, one refunded, compared with sums
 * of our own; payments at once lose no update of their day; the Business Summary reads the same
 * totals; the backfill counts orders stored before them.
 */
import {
  addDays,
  dayIn,
  type BusinessSummary,
  type InsertResult,
  type Order,
  type SalesReport,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itNeedsIsolation,
  MANY_ORDERS,
  startApi,
  type Harness,
  type TestUser,
} from '../../testing/api-harness.js';
import { newNetworkAddress } from '../../testing/network-address.js';
import { SALES_DAY_PARTS, SALES_DAYS } from './sales-days.js';

/** Eight hours behind UTC in winter: its evenings are the next day in UTC. */
const TIME_ZONE = 'America/Los_Angeles';

let api: Harness;
let customer: TestUser;
let admin: TestUser;
let now: () => Date;

beforeAll(async () => {
  api = await startApi({ env: { ...MANY_ORDERS, SHOP_TIME_ZONE: TIME_ZONE } });
  [customer, admin] = await Promise.all([api.customer('sales'), api.admin()]);
  let offset = 0;
  const advance = api.advanceClock.bind(api);
  api.advanceClock = (ms) => {
    offset += ms;
    advance(ms);
  };
  now = () => new Date(Date.now() + offset);
});
afterAll(async () => {
  await api?.close();
});

const today = () => dayIn(TIME_ZONE, now());

/** Moves the clock to `minutesBefore` minutes before the next midnight of the shop's zone. */
function toBeforeMidnight(minutesBefore: number): void {
  const start = now().getTime();
  const day = today();
  // The first whole minute of the next day, found within the next 25 hours.
  let low = 0;
  let high = 25 * 60;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (dayIn(TIME_ZONE, new Date(start + mid * 60_000)) === day) low = mid + 1;
    else high = mid;
  }
  const midnight = Math.floor((start + low * 60_000) / 60_000) * 60_000;
  const target = midnight - minutesBefore * 60_000;
  if (dayIn(TIME_ZONE, new Date(target)) !== day) throw new Error('no midnight found');
  api.advanceClock(target - start);
}

async function signInAgain(): Promise<void> {
  customer.token = await api.tokenFor(customer);
  admin.token = await api.tokenFor(admin);
}

/** Places and pays an order of `quantity` of `partId`; answers the stored order. */
async function paidOrder(partId: string, quantity: number): Promise<Order> {
  const placed = await api.request<InsertResult>('POST', '/ordered', {
    token: customer.token,
    json: {
      partId,
      userName: 'Shopper',
      address: '1 Road',
      number: '5550100',
      orderQuantity: quantity,
    },
  });
  expect(placed.status).toBe(201);
  expect((await api.pay(customer, placed.body.insertedId)).status).toBe(200);
  const order = await api.request<Order>('GET', `/ordered/${placed.body.insertedId}`, {
    token: customer.token,
  });
  expect(order.body.status).toBe('paid');
  return order.body;
}

const sales = async (query: string) => {
  const response = await api.request<SalesReport>('GET', `/admin/sales${query}`, {
    token: admin.token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

const view = (partId: string) =>
  api.request('POST', `/parts/${partId}/views`, {
    headers: { 'x-forwarded-for': newNetworkAddress() },
  });

describe('GET /admin/sales', () => {
  it('answers the revenue, orders, refunds, parts and views of each day in the shop’s zone', async () => {
    // A fresh stretch of days, a week on from anything placed before.
    api.advanceClock(8 * 86_400_000);
    toBeforeMidnight(3);
    await signInAgain();
    const chain = await api.addPart({
      productName: 'Sales chain',
      price: 2999,
      quantity: 100,
      order: 1,
    });
    const tyre = await api.addPart({
      productName: 'Sales tyre',
      price: 1250,
      quantity: 100,
      order: 1,
    });

    // Day A, three minutes before midnight in Los Angeles (the next day in UTC already).
    const dayA = today();
    const first = await paidOrder(chain, 2);
    await view(chain);
    expect(dayIn('UTC', now())).not.toBe(dayA);

    // Day B: two orders, the second refunded.
    api.advanceClock(5 * 60_000);
    const dayB = today();
    expect(dayB).toBe(addDays(dayA, 1));
    const second = await paidOrder(tyre, 3);
    const third = await paidOrder(chain, 1);
    const refunded = await api.request<Order>('POST', `/ordered/${second._id}/refund`, {
      token: admin.token,
      json: { restock: false },
    });
    expect(refunded.status).toBe(200);
    await view(tyre);
    await view(chain);

    // Day C, a day later.
    api.advanceClock(86_400_000);
    await signInAgain();
    const dayC = today();
    const fourth = await paidOrder(tyre, 1);

    const report = await sales(`?from=${dayA}&to=${dayC}`);
    const dayFigures = (orders: Order[], refundedOrders: Order[]) => ({
      revenue: orders.reduce((sum, order) => sum + order.totalPrice, 0),
      orders: orders.length,
      refunds: refundedOrders.length,
      refundedAmount: refundedOrders.reduce((sum, order) => sum + order.totalPrice, 0),
    });
    expect(report.days).toEqual([
      { day: dayA, ...dayFigures([first], []) },
      { day: dayB, ...dayFigures([second, third], [second]) },
      { day: dayC, ...dayFigures([fourth], []) },
    ]);
    const all = [first, second, third, fourth];
    const revenue = all.reduce((sum, order) => sum + order.totalPrice, 0);
    expect(report.current).toEqual({
      revenue,
      orders: 4,
      averageOrderValue: Math.round(revenue / 4),
      refunds: 1,
      refundedAmount: second.totalPrice,
      netRevenue: revenue - second.totalPrice,
      productViews: 3,
      conversion: 4 / 3,
    });
    expect(report).toMatchObject({
      from: dayA,
      to: dayC,
      previousTo: addDays(dayA, -1),
      previousFrom: addDays(dayA, -3),
      timeZone: TIME_ZONE,
      currency: 'USD',
    });
    expect(report.previous).toMatchObject({ revenue: 0, orders: 0, productViews: 0 });
    const lineTotal = (order: Order) => order.lines.reduce((sum, line) => sum + line.lineTotal, 0);
    expect(report.topByRevenue).toEqual([
      {
        partId: chain,
        partName: 'Sales chain',
        revenue: lineTotal(first) + lineTotal(third),
        units: 3,
      },
      {
        partId: tyre,
        partName: 'Sales tyre',
        revenue: lineTotal(second) + lineTotal(fourth),
        units: 4,
      },
    ]);
    expect(report.topByUnits.map((part) => part.partId)).toEqual([tyre, chain]);

    // Today alone, and the day before it as the previous period.
    const lastDay = await sales('?days=1');
    expect(lastDay).toMatchObject({ from: dayC, to: dayC, previousFrom: dayB });
    expect(lastDay.current).toMatchObject({ orders: 1, revenue: fourth.totalPrice });
    expect(lastDay.previous).toMatchObject({
      orders: 2,
      revenue: second.totalPrice + third.totalPrice,
      refunds: 1,
    });

    // The day documents are the only thing the figures read: one per day, however many orders.
    const stored = await api.store.query(SALES_DAYS);
    expect(stored.map(({ id }) => id).sort()).toEqual([dayA, dayB, dayC]);
    expect((await api.store.get(SALES_DAY_PARTS, dayB))?.data).toMatchObject({
      parts: { [tyre]: { units: 3 }, [chain]: { units: 1 } },
    });
  });

  it('is for admins only, and refuses days that do not exist or run backwards', async () => {
    expect((await api.request('GET', '/admin/sales', { token: customer.token })).status).toBe(403);
    expect((await api.request('GET', '/admin/sales')).status).toBe(401);
    const bad = async (query: string) =>
      (await api.request('GET', `/admin/sales${query}`, { token: admin.token })).status;
    expect(await bad('?from=2026-02-30')).toBe(422);
    expect(await bad('?from=2026-03-02&to=2026-03-01')).toBe(422);
    expect(await bad('?days=0')).toBe(422);
    expect(await bad('?from=2024-01-01&to=2026-01-01')).toBe(422);
  });

  itNeedsIsolation('loses no payment when several land on the same day at once', async () => {
    const partId = await api.addPart({ price: 1000, quantity: 100, order: 1 });
    const before = (await sales('?days=1')).current;
    const placed = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.request<InsertResult>('POST', '/ordered', {
          token: customer.token,
          json: {
            partId,
            userName: 'Shopper',
            address: '1 Road',
            number: '5550100',
            orderQuantity: 1,
          },
        }),
      ),
    );
    const paid = await Promise.all(placed.map((one) => api.pay(customer, one.body.insertedId)));
    expect(paid.map((one) => one.status)).toEqual(paid.map(() => 200));
    const orders = await Promise.all(
      placed.map(
        async (one) =>
          (
            await api.request<Order>('GET', `/ordered/${one.body.insertedId}`, {
              token: customer.token,
            })
          ).body,
      ),
    );
    const after = (await sales('?days=1')).current;
    expect(after.orders - before.orders).toBe(6);
    expect(after.revenue - before.revenue).toBe(
      orders.reduce((sum, order) => sum + order.totalPrice, 0),
    );
  });
});

describe('partial refunds', () => {
  it('count their money on the day, and the order as refunded once, when the last one ends it', async () => {
    const partId = await api.addPart({ price: 2000, quantity: 100, order: 1 });
    const order = await paidOrder(partId, 2);
    const summary = async () => (await api.request<BusinessSummary>('GET', '/stats')).body.orders;
    const before = (await sales('?days=1')).current;
    const completedBefore = (await summary()).completed;
    const refund = (json: object) =>
      api.request<Order>('POST', `/ordered/${order._id}/refund`, { token: admin.token, json });

    expect((await refund({ restock: false, amount: 500 })).status).toBe(200);
    const partly = (await sales('?days=1')).current;
    expect(partly.refundedAmount - before.refundedAmount).toBe(500);
    expect(partly.refunds - before.refunds).toBe(0);
    expect((await summary()).completed).toBe(completedBefore);

    expect((await refund({ restock: false, amount: order.totalPrice - 500 })).status).toBe(200);
    const fully = (await sales('?days=1')).current;
    expect(fully.refundedAmount - before.refundedAmount).toBe(order.totalPrice);
    expect(fully.refunds - before.refunds).toBe(1);
    expect((await summary()).completed).toBe(completedBefore - 1);
  });
});

describe('the Business Summary and the backfill', () => {
  it('counts orders from the daily totals, and the backfill rebuilds them from the orders', async () => {
    const summary = async () => (await api.request<BusinessSummary>('GET', '/stats')).body.orders;
    const counted = await summary();
    const partId = await api.addPart({ price: 500, quantity: 100, order: 1 });
    await paidOrder(partId, 1);
    const unpaid = await api.request<InsertResult>('POST', '/ordered', {
      token: customer.token,
      json: { partId, userName: 'Shopper', address: '1 Road', number: '5550100', orderQuantity: 1 },
    });
    const cancelled = await api.request<InsertResult>('POST', '/ordered', {
      token: customer.token,
      json: { partId, userName: 'Shopper', address: '1 Road', number: '5550100', orderQuantity: 1 },
    });
    await api.request('POST', `/ordered/${cancelled.body.insertedId}/cancel`, {
      token: customer.token,
    });
    expect(unpaid.status).toBe(201);
    expect(await summary()).toMatchObject({
      total: counted.total + 3,
      completed: counted.completed + 1,
      pending: counted.pending + 1,
    });

    // Orders stored before the totals: the days are gone, the backfill counts them again.
    const reportBefore = await sales(`?days=30`);
    for (const { id } of await api.store.query(SALES_DAYS)) await api.store.delete(SALES_DAYS, id);
    for (const { id } of await api.store.query(SALES_DAY_PARTS)) {
      await api.store.delete(SALES_DAY_PARTS, id);
    }
    expect((await sales('?days=30')).current.orders).toBe(0);
    const rebuilt = await api.request<{ days: number }>('POST', '/admin/sales/rebuild', {
      token: admin.token,
    });
    expect(rebuilt.status).toBe(200);
    const reportAfter = await sales('?days=30');
    expect(reportAfter.days).toEqual(reportBefore.days);
    expect(reportAfter.topByRevenue).toEqual(reportBefore.topByRevenue);
    expect(await summary()).toMatchObject({
      total: counted.total + 3,
      completed: counted.completed + 1,
    });
    expect(
      (await api.request('POST', '/admin/sales/rebuild', { token: customer.token })).status,
    ).toBe(403);
  });
});
