/**
 * GET /admin/customers (issue 27 item 6): each customer's paid orders, total spent and last
 * order, kept as orders are paid and refunded, match the orders themselves; searched, sorted and
 * paged; built once from the orders of a shop that had them before.
 */
import {
  apiPaths,
  TOTAL_COUNT_HEADER,
  type Customer,
  type InsertResult,
  type Order,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
let ann: TestUser;
let ben: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  admin = await api.admin();
  const annAccount = await api.signUp('ann', { name: 'Ann Archer', verified: true });
  ann = { ...annAccount, token: await api.tokenFor(annAccount) };
  const benAccount = await api.signUp('ben', { name: 'Ben Brakes', verified: true });
  ben = { ...benAccount, token: await api.tokenFor(benAccount) };
});
afterAll(async () => {
  await api?.close();
});

const customers = (
  query: Parameters<typeof apiPaths.adminCustomers>[0] = {},
  token = admin.token,
) => api.request<Customer[]>('GET', apiPaths.adminCustomers(query), { token });

async function paidOrder(user: TestUser, price: number, quantity: number): Promise<string> {
  const partId = await api.addPart({ order: 1, quantity: 20, price });
  const placed = await api.request<InsertResult>('POST', '/ordered', {
    token: user.token,
    json: {
      partId,
      userName: user.name,
      address: '1 Road',
      number: '5550100',
      orderQuantity: quantity,
    },
  });
  expect(placed.status).toBe(201);
  expect((await api.pay(user, placed.body.insertedId)).status).toBe(200);
  api.advanceClock(1000);
  return placed.body.insertedId;
}

/** What the orders say of a customer: paid and not refunded, their totals, the last payment. */
async function figuresFromOrders(email: string) {
  const orders = (
    await api.request<Order[]>('GET', apiPaths.ordersOf(email), { token: admin.token })
  ).body.filter((order) => ['paid', 'processing', 'shipped', 'delivered'].includes(order.status));
  const paidAt = orders.map((order) => order.timeline.find((entry) => entry.status === 'paid')!.at);
  return {
    orders: orders.length,
    totalSpent: orders.reduce((sum, order) => sum + order.total, 0),
    lastOrderAt: paidAt.sort().at(-1),
  };
}

describe('GET /admin/customers', () => {
  it('keeps each customer’s figures as orders are paid and refunded, matching the orders', async () => {
    // Before any order: the totals are built (from no orders) and kept from then on.
    expect((await customers()).body).toEqual([]);
    await paidOrder(ann, 2500, 2); // 5000
    const refunded = await paidOrder(ann, 1200, 1); // 1200, refunded below
    await paidOrder(ben, 9900, 1); // 9900
    await paidOrder(ann, 3000, 1); // 3000
    const refund = await api.request('POST', apiPaths.refundOrder(refunded), {
      token: admin.token,
      json: { restock: true },
    });
    expect(refund.status).toBe(200);
    // An unpaid order is not a purchase.
    await api.request('POST', '/ordered', {
      token: ben.token,
      json: {
        partId: await api.addPart({ order: 1 }),
        address: '1 Road',
        number: '5550100',
        orderQuantity: 1,
      },
    });

    const listed = await customers();
    expect(listed.status).toBe(200);
    expect(listed.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    // Latest order first: Ann paid last.
    expect(listed.body.map((customer) => customer.email)).toEqual([ann.email, ben.email]);
    for (const customer of listed.body) {
      expect(customer).toEqual({
        email: customer.email,
        name: customer.email === ann.email ? 'Ann Archer' : 'Ben Brakes',
        ...(await figuresFromOrders(customer.email)),
      });
    }
    expect(listed.body[0]).toMatchObject({ orders: 2, totalSpent: 8000 });
    expect(listed.body[1]).toMatchObject({ orders: 1, totalSpent: 9900 });
  });

  it('takes each refund off once: partial refunds, then the one that ends the order', async () => {
    const before = (await customers({ q: 'ben' })).body[0]!;
    const order = await paidOrder(ben, 4000, 1);
    const refund = (json: Record<string, unknown>) =>
      api.request('POST', apiPaths.refundOrder(order), { token: admin.token, json });
    expect((await refund({ restock: false, amount: 1500 })).status).toBe(200);
    expect((await customers({ q: 'ben' })).body[0]).toMatchObject({
      orders: before.orders + 1,
      totalSpent: before.totalSpent + 2500,
    });
    expect((await refund({ restock: false, amount: 2500 })).status).toBe(200);
    expect((await customers({ q: 'ben' })).body[0]).toMatchObject({
      orders: before.orders,
      totalSpent: before.totalSpent,
    });
  });

  it('searches by name and email, sorts by a column and pages', async () => {
    expect((await customers({ q: 'brakes' })).body.map((c) => c.email)).toEqual([ben.email]);
    expect((await customers({ q: ann.email })).body.map((c) => c.email)).toEqual([ann.email]);
    expect((await customers({ q: 'nobody-like-this' })).body).toEqual([]);
    const bySpent = await customers({ sort: '-totalSpent' });
    expect(bySpent.body.map((c) => c.totalSpent)).toEqual([9900, 8000]);
    const page = await customers({ sort: 'totalSpent', pageSize: 1, page: 2 });
    expect(page.body.map((c) => c.email)).toEqual([ben.email]);
    expect(page.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    expect((await customers({ sort: 'password' })).status).toBe(422);
  });

  it('is for admins only', async () => {
    expect((await customers({}, ann.token)).status).toBe(403);
    expect((await api.request('GET', apiPaths.adminCustomers(), {})).status).toBe(401);
  });
});

describe('a shop with orders from before the totals', () => {
  it('has them built from its orders on the first request', async () => {
    const shop = await startApi({ env: MANY_ORDERS });
    try {
      const paid = (email: string, total: number, status: string, paidAt: string) => ({
        partId: 'p',
        partName: 'Chain',
        img: '/parts/chain.svg',
        price: total,
        orderQuantity: 1,
        totalPrice: total,
        email,
        userName: 'Old Customer',
        address: '1 Road',
        number: '5550100',
        paid: status !== 'unpaid',
        status,
        createdAt: paidAt,
        ...(status !== 'unpaid' && { paidAt }),
      });
      await shop.store.set(
        'orders',
        'o1',
        paid('old@sprocket.test', 1000, 'delivered', '2025-01-02T10:00:00.000Z'),
      );
      await shop.store.set(
        'orders',
        'o2',
        paid('old@sprocket.test', 2000, 'paid', '2025-03-04T10:00:00.000Z'),
      );
      await shop.store.set(
        'orders',
        'o3',
        paid('old@sprocket.test', 4000, 'refunded', '2025-05-06T10:00:00.000Z'),
      );
      await shop.store.set(
        'orders',
        'o4',
        paid('new@sprocket.test', 500, 'unpaid', '2025-05-06T10:00:00.000Z'),
      );
      const owner = await shop.admin();
      const answer = await shop.request<Customer[]>('GET', apiPaths.adminCustomers(), {
        token: owner.token,
      });
      expect(answer.body).toEqual([
        {
          email: 'old@sprocket.test',
          name: 'Old Customer',
          orders: 2,
          totalSpent: 3000,
          lastOrderAt: '2025-03-04T10:00:00.000Z',
        },
      ]);
    } finally {
      await shop.close();
    }
  });
});
