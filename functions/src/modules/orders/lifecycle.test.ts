/**
 * The order's lifecycle (docs/product.md §4.1, contract `orderTransitions`): each change only from
 * its states and by its people, recorded in the timeline, with stock and money where they belong.
 */
import type { Order, OrderStatus } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [customer, other, admin] = await Promise.all([
    api.customer('lifecycle'),
    api.customer('stranger'),
    api.admin(),
  ]);
});
afterAll(async () => {
  await api?.close();
});

const SHIPMENT = { carrier: 'DHL', trackingNumber: '00340434161094000000' };

const post = (path: string, user: TestUser | undefined, json?: unknown) =>
  api.request<Order>('POST', path, { token: user?.token, json });

const orderOf = async (id: string) =>
  (await api.request<Order>('GET', `/ordered/${id}`, { token: admin.token })).body;

/** A customer's two-line order, brought to `status` the way the shop gets there. */
async function orderIn(status: OrderStatus): Promise<{ id: string; parts: string[] }> {
  const parts = await Promise.all([
    api.addPart({ order: 1, quantity: 10, price: 1000 }),
    api.addPart({ order: 1, quantity: 10, price: 2500 }),
  ]);
  const placed = await api.checkout(customer, [
    { partId: parts[0]!, quantity: 2 },
    { partId: parts[1]!, quantity: 1 },
  ]);
  const { insertedId: id } = placed.body;
  const steps: Record<OrderStatus, (() => Promise<unknown>)[]> = {
    unpaid: [],
    cancelled: [() => post(`/ordered/${id}/cancel`, customer)],
    paid: [() => api.pay(customer, id)],
    processing: [
      () => api.pay(customer, id),
      () =>
        api.request('PUT', `/ordered/${id}`, { token: admin.token, json: { delivertext: true } }),
    ],
    shipped: [],
    delivered: [],
    refunded: [
      () => api.pay(customer, id),
      () => post(`/ordered/${id}/refund`, admin, { restock: true }),
    ],
  };
  steps.shipped = [...steps.processing, () => post(`/ordered/${id}/ship`, admin, SHIPMENT)];
  steps.delivered = [...steps.shipped, () => post(`/ordered/${id}/delivered`, admin)];
  for (const step of steps[status]) await step();
  expect((await orderOf(id)).status).toBe(status);
  return { id, parts };
}

const STATES: OrderStatus[] = [
  'unpaid',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
];

/** What an admin gets for each change from each state: 200 where the contract allows it. */
const ADMIN_MATRIX: Record<
  string,
  { call: (id: string) => Promise<{ status: number }>; allowed: OrderStatus[] }
> = {
  cancel: { call: (id) => post(`/ordered/${id}/cancel`, admin), allowed: ['unpaid'] },
  ship: {
    call: (id) => post(`/ordered/${id}/ship`, admin, SHIPMENT),
    allowed: ['paid', 'processing'],
  },
  delivered: { call: (id) => post(`/ordered/${id}/delivered`, admin), allowed: ['shipped'] },
  refund: {
    call: (id) => post(`/ordered/${id}/refund`, admin, { restock: false }),
    allowed: ['paid', 'processing'],
  },
};

describe('each change only from its states', () => {
  for (const [name, { call, allowed }] of Object.entries(ADMIN_MATRIX)) {
    it(`${name}: allowed from ${allowed.join(' and ')}, refused from every other state`, async () => {
      const statuses: Partial<Record<OrderStatus, number>> = {};
      for (const state of STATES) {
        const { id } = await orderIn(state);
        statuses[state] = (await call(id)).status;
      }
      const expected = Object.fromEntries(
        STATES.map((state) => [state, allowed.includes(state) ? 200 : 409]),
      );
      expect(statuses).toEqual(expected);
    });
  }

  it("the spec's Deliver Order: paid becomes processing; later states stay as they are; others are refused", async () => {
    const answers: Partial<Record<OrderStatus, unknown>> = {};
    for (const state of STATES) {
      const { id } = await orderIn(state);
      const response = await api.request<{ modifiedCount: number }>('PUT', `/ordered/${id}`, {
        token: admin.token,
        json: { delivertext: true },
      });
      answers[state] = response.status === 200 ? response.body.modifiedCount : response.status;
    }
    expect(answers).toEqual({
      unpaid: 409,
      paid: 1,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 409,
      refunded: 409,
    });
  });

  it('says why a change was refused', async () => {
    const cancelled = await orderIn('cancelled');
    expect((await post(`/ordered/${cancelled.id}/ship`, admin, SHIPMENT)).body).toMatchObject({
      error: { code: 'conflict', message: 'Only a paid order or one in processing can be shipped' },
    });
    const { id } = await orderIn('paid');
    expect((await post(`/ordered/${id}/cancel`, customer)).body).toMatchObject({
      error: { message: 'Only an unpaid order can be cancelled' },
    });
  });

  it('tells a customer who cancels an order whose hold ran out that it was not paid in time', async () => {
    const { id } = await orderIn('unpaid');
    api.advanceClock(31 * 60_000);
    try {
      const late = await post(`/ordered/${id}/cancel`, customer);
      expect(late).toMatchObject({
        status: 409,
        body: { error: { message: 'This order was not paid in time and has been cancelled' } },
      });
    } finally {
      api.advanceClock(-31 * 60_000);
    }
  });
});

describe('who may make each change', () => {
  it('the owner or an admin cancels; another customer and a visitor cannot', async () => {
    const statuses = [];
    for (const caller of [undefined, other, customer, admin]) {
      const { id } = await orderIn('unpaid');
      statuses.push((await post(`/ordered/${id}/cancel`, caller)).status);
    }
    expect(statuses).toEqual([401, 403, 200, 200]);
  });

  it('only admins ship, mark delivered and refund', async () => {
    const shipped = await orderIn('shipped');
    const processing = await orderIn('processing');
    const paid = await orderIn('paid');
    for (const caller of [customer, other]) {
      expect((await post(`/ordered/${processing.id}/ship`, caller, SHIPMENT)).status).toBe(403);
      expect((await post(`/ordered/${shipped.id}/delivered`, caller)).status).toBe(403);
      expect((await post(`/ordered/${paid.id}/refund`, caller, { restock: true })).status).toBe(
        403,
      );
    }
    expect((await post(`/ordered/${paid.id}/refund`, undefined, { restock: true })).status).toBe(
      401,
    );
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await post('/ordered/no-such-order/cancel', customer)).status).toBe(404);
    expect((await post('/ordered/no-such-order/ship', admin, SHIPMENT)).status).toBe(404);
    expect((await post('/ordered/a.b/delivered', admin)).status).toBe(404);
  });

  it('checks the carrier and tracking number', async () => {
    const { id } = await orderIn('processing');
    const response = await post(`/ordered/${id}/ship`, admin, {
      carrier: '',
      trackingNumber: '<x>',
    });
    expect(response).toMatchObject({
      status: 422,
      body: {
        error: { fields: { carrier: expect.any(String), trackingNumber: expect.any(String) } },
      },
    });
    expect((await post(`/ordered/${id}/refund`, admin, {})).status).toBe(422);
    expect((await orderOf(id)).status).toBe('processing');
  });
});

describe('the timeline', () => {
  it('records every change with its time and who made it, from placing to delivery', async () => {
    const { id } = await orderIn('delivered');
    const order = await orderOf(id);
    expect(order.timeline.map(({ status, actor, note }) => ({ status, actor, note }))).toEqual([
      { status: 'unpaid', actor: 'customer', note: undefined },
      { status: 'paid', actor: 'gateway', note: undefined },
      { status: 'processing', actor: 'admin', note: undefined },
      { status: 'shipped', actor: 'admin', note: 'DHL 00340434161094000000' },
      { status: 'delivered', actor: 'admin', note: undefined },
    ]);
    const times = order.timeline.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(order).toMatchObject({
      shipment: { ...SHIPMENT, shippedAt: order.timeline[3]?.at },
      completedAt: order.timeline[4]?.at,
      deliveredText: 'processing',
      paid: true,
    });
  });

  it('says who cancelled: the customer, an admin, or the shop when the hold ran out', async () => {
    const byCustomer = await orderIn('unpaid');
    const byAdmin = await orderIn('unpaid');
    const byClock = await orderIn('unpaid');
    await post(`/ordered/${byCustomer.id}/cancel`, customer);
    await post(`/ordered/${byAdmin.id}/cancel`, admin);
    api.advanceClock(31 * 60_000);
    try {
      await api.sweep();
    } finally {
      api.advanceClock(-31 * 60_000);
    }
    const last = async (id: string) => {
      const order = await orderOf(id);
      return [order.cancelReason, order.timeline.at(-1)?.status, order.timeline.at(-1)?.actor];
    };
    expect(await last(byCustomer.id)).toEqual(['customer', 'cancelled', 'customer']);
    expect(await last(byAdmin.id)).toEqual(['admin', 'cancelled', 'admin']);
    expect(await last(byClock.id)).toEqual(['expired', 'cancelled', 'system']);
  });

  it('is rebuilt for an order stored before orders had lines and a timeline', async () => {
    const id = api.store.newId();
    await api.store.set('orders', id, {
      partId: 'old-part',
      partName: 'Old chain',
      img: '/parts/old.svg',
      price: 1200,
      orderQuantity: 2,
      totalPrice: 2400,
      email: customer.email,
      userName: customer.name,
      address: '1 Road',
      number: '5550100',
      paid: true,
      status: 'paid',
      transactionId: 'pi_old',
      createdAt: '2026-01-01T10:00:00.000Z',
      paidAt: '2026-01-01T10:05:00.000Z',
    });
    expect(await orderOf(id)).toMatchObject({
      lines: [
        {
          partId: 'old-part',
          partName: 'Old chain',
          img: `${api.publicUrl}/parts/old.svg`,
          price: 1200,
          quantity: 2,
          lineTotal: 2400,
        },
      ],
      timeline: [
        { status: 'unpaid', at: '2026-01-01T10:00:00.000Z', actor: 'customer' },
        { status: 'paid', at: '2026-01-01T10:05:00.000Z', actor: 'gateway' },
      ],
    });
  });
});

describe('cancelling', () => {
  it("returns every line's stock and cancels the payment intent", async () => {
    const { id, parts } = await orderIn('unpaid');
    const intent = await api.request<{ clientSecret: string }>('POST', '/create-payment-intent', {
      token: customer.token,
      json: { orderId: id },
    });
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([8, 9]);
    expect((await post(`/ordered/${id}/cancel`, admin)).status).toBe(200);
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([10, 10]);
    const intentId = intent.body.clientSecret.split('_secret_')[0]!;
    expect((await api.store.get('simulatedIntents', intentId))?.data).toMatchObject({
      status: 'canceled',
    });
  });
});

describe('refunds through the simulated gateway', () => {
  async function gatewayRecordOf(id: string) {
    const { transactionId } = await orderOf(id);
    return (
      await api.store.get<{ status: string; refunds?: { refundId: string }[] }>(
        'simulatedIntents',
        transactionId ?? '',
      )
    )?.data;
  }

  it("give the money back and, when the admin says so, every line's stock", async () => {
    const { id, parts } = await orderIn('processing');
    const refunded = await post(`/ordered/${id}/refund`, admin, { restock: true });
    expect(refunded.status).toBe(200);
    const atGateway = await gatewayRecordOf(id);
    expect(atGateway?.refunds?.[0]?.refundId).toMatch(/^re_/);
    expect(refunded.body).toMatchObject({
      status: 'refunded',
      refund: {
        refundId: atGateway?.refunds?.[0]?.refundId,
        amount: 2 * 1000 + 2500,
        restocked: true,
        refundedAt: expect.any(String),
      },
    });
    expect(refunded.body.timeline.at(-1)).toMatchObject({
      status: 'refunded',
      actor: 'admin',
      note: 'stock returned',
    });
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([10, 10]);
  });

  it('keep the stock off the shelf when the admin says so, and happen once', async () => {
    const { id, parts } = await orderIn('paid');
    const first = await post(`/ordered/${id}/refund`, admin, { restock: false });
    expect(first.body).toMatchObject({ status: 'refunded', refund: { restocked: false } });
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([8, 9]);
    const again = await post(`/ordered/${id}/refund`, admin, { restock: true });
    expect(again.status).toBe(409);
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([8, 9]);
  });

  it('are refused, changing nothing, when the gateway does not know the payment', async () => {
    const { id } = await orderIn('paid');
    await api.store.update('orders', id, { transactionId: 'pi_unknownToTheGateway' });
    const refused = await post(`/ordered/${id}/refund`, admin, { restock: true });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { message: 'The payment provider does not know the payment of this order' } },
    });
    expect((await orderOf(id)).status).toBe('paid');
  });
});
