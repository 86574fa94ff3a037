/**
 * The orders' events (docs/decisions/084): an event a crash left pending is applied by the next
 * run, exactly once however many appliers ask at once, and the Overview says how far its figures
 * lag meanwhile; a follow-up a crash left undone is redone once it is overdue, and only then.
 */
import type { SalesReport } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import type { StoredDoc } from '../../store/port.js';
import { customerTotalsOfEvents } from '../customers/customer-totals.js';
import { salesDaysOfEvents } from '../sales/sales-days.js';
import { ORDER_EVENTS, type OrderEventDoc } from './order-events.js';
import { FOLLOW_UP_LOST_MS, orderOutbox, type OrderEventHandler } from './order-outbox.js';
import { ORDERS, type OrderDoc } from './order-record.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  api = await startApi();
  [admin, customer] = await Promise.all([api.admin(), api.customer('outbox')]);
});
afterAll(() => api.close());

const salesToday = async () =>
  (await api.request<SalesReport>('GET', '/admin/sales?days=1', { token: admin.token })).body;

/** An unpaid order placed through the checkout, as stored. */
async function placedOrder(price: number): Promise<StoredDoc<OrderDoc>> {
  const partId = await api.addPart({ price, order: 1, quantity: 10 });
  const placed = await api.checkout(customer, [{ partId, quantity: 1 }]);
  expect(placed.status).toBe(201);
  const order = await api.store.get<OrderDoc>(ORDERS, placed.body.insertedId);
  if (!order) throw new Error('The order was not stored');
  return order;
}

/**
 * The payment of `order` as a process writes it and dies before applying it (kill -9 after the
 * commit): the event pending in the store, straight from the store's own connection, which asks
 * no application.
 */
async function paymentLeftByACrash(order: StoredDoc<OrderDoc>, eventId: string): Promise<void> {
  const at = new Date().toISOString();
  const event: OrderEventDoc = {
    kind: 'pay',
    orderId: order.id,
    at,
    order: { ...order.data, paid: true, status: 'paid', paidAt: at },
    state: 'pending',
  };
  await api.store.set(ORDER_EVENTS, eventId, event);
}

describe("the orders' events", () => {
  it('applies a payment a crash left once, however many appliers ask at once; the Overview says it lags until then', async () => {
    const before = await salesToday();
    const order = await placedOrder(4_321);
    await paymentLeftByACrash(order, `crash-${order.id}`);

    const lagging = await salesToday();
    expect(lagging.lag.waiting).toBe(1);
    expect(lagging.current.orders).toBe(before.current.orders);

    // Another instance's applier with the same handlers, racing the app's sweep.
    const rival = orderOutbox(
      api.store,
      [salesDaysOfEvents(lagging.timeZone), customerTotalsOfEvents],
      () => new Date(),
    );
    rival.kick();
    await Promise.all([api.sweep(), rival.settled(), api.sweep()]);
    rival.kick();
    await rival.settled();

    const after = await salesToday();
    expect(after.lag).toEqual({ waiting: 0, seconds: 0 });
    expect(after.current.orders).toBe(before.current.orders + 1);
    expect(after.current.revenue).toBe(before.current.revenue + order.data.totalPrice);
    expect(await api.store.get(ORDER_EVENTS, `crash-${order.id}`)).toBeNull();
  });

  it('redoes a follow-up a crash left undone once it is overdue, and removes the event', async () => {
    const order = await placedOrder(1_000);
    const followed: string[] = [];
    const handler: OrderEventHandler = {
      follows: (event) => event.orderId === order.id,
      async followUp(events) {
        followed.push(...events.map((event) => event.id));
      },
    };
    const now = { at: Date.now() };
    const outbox = orderOutbox(api.store, [handler], () => new Date(now.at));
    const leftAt = new Date(now.at).toISOString();
    await api.store.set(ORDER_EVENTS, `follow-${order.id}`, {
      kind: 'place',
      orderId: order.id,
      at: leftAt,
      order: order.data,
      state: 'followUp',
      appliedAt: leftAt,
    } satisfies OrderEventDoc);

    // Its applier may still be at it: not yet.
    outbox.kick();
    await outbox.settled();
    expect(followed).toEqual([]);

    now.at += FOLLOW_UP_LOST_MS + 1_000;
    outbox.kick();
    await outbox.settled();
    outbox.kick();
    await outbox.settled();
    expect(followed).toEqual([`follow-${order.id}`]);
    expect(await api.store.get(ORDER_EVENTS, `follow-${order.id}`)).toBeNull();
  });
});
