/**
 * The orders' events (docs/decisions/084): an event a crash left pending is applied by the next
 * run, exactly once however many appliers ask at once, and the Overview says how far its figures
 * lag meanwhile; work outside the store follows each applied event once, and one that fails
 * neither stops the others nor applies its event again.
 */
import type { SalesReport } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import type { StoredDoc } from '../../store/port.js';
import { customerTotalsOfEvents } from '../customers/customer-totals.js';
import { salesDaysOfEvents } from '../sales/sales-days.js';
import { ORDER_EVENTS, type OrderEventDoc } from './order-events.js';
import { orderOutbox, type OrderEventHandler } from './order-outbox.js';
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
    const rival = orderOutbox(api.store, [
      salesDaysOfEvents(lagging.timeZone),
      customerTotalsOfEvents,
    ]);
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

  it('follows up each applied event once; a follow-up that fails stops no other and applies nothing again', async () => {
    const order = await placedOrder(1_000);
    const followed: string[] = [];
    const ours = (event: OrderEventDoc) => event.orderId === order.id;
    const failing: OrderEventHandler = {
      follows: ours,
      async followUp() {
        throw new Error('The provider did not answer');
      },
    };
    const counting: OrderEventHandler = {
      follows: ours,
      async followUp(events) {
        followed.push(...events.map((event) => event.id));
      },
    };
    const outbox = orderOutbox(api.store, [failing, counting]);
    const eventId = `follow-${order.id}`;
    await api.store.set(ORDER_EVENTS, eventId, {
      kind: 'place',
      orderId: order.id,
      at: new Date().toISOString(),
      order: order.data,
    } satisfies OrderEventDoc);

    outbox.kick();
    await outbox.settled();
    outbox.kick();
    await outbox.settled();
    expect(followed).toEqual([eventId]);
    expect(await api.store.get(ORDER_EVENTS, eventId)).toBeNull();
  });
});
