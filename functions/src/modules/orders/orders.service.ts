import {
  canCancel,
  canDeliver,
  checkOrderQuantity,
  isExpired,
  orderMessages,
  type PlaceOrderInput,
} from '@sprocket/contract';
import type { Order } from '@sprocket/contract';
import type { AccessClaims } from '../../auth/access-token.js';
import type { Config } from '../../config.js';
import { conflict, notFound, validationFailed } from '../errors.js';
import type { PaymentGateway } from '../../payments/port.js';
import { isSafeId } from '../../store/ids.js';
import type { Store, StoredDoc } from '../../store/port.js';
import { PARTS, type PartDoc } from '../parts/parts.service.js';
import { cancelOrderIntent } from '../payments/intents.js';
import { profilesOf } from '../profiles/profiles.service.js';
import { userName } from '../users/users.service.js';
import {
  lineOf,
  ORDERS,
  orderSummary,
  returnStock,
  toOrder,
  withEntry,
  type OrderDoc,
} from './order-record.js';

export { ORDERS, toOrder, type OrderDoc } from './order-record.js';

/** What the order rules need: the store, the gateway (to cancel intents), the clock and limits. */
export interface OrderDeps {
  store: Store;
  gateway: PaymentGateway;
  clock: () => Date;
  config: Pick<Config, 'unpaidHoldMinutes' | 'maxUnpaidOrders'>;
}

/**
 * The name on the order: the customer's profile name, else their account's name, else their
 * email. Never the request body's, which could say anything.
 */
async function customerName(store: Store, caller: AccessClaims): Promise<string> {
  const [profile] = await profilesOf(store, caller.email);
  return (
    profile?.displayName || caller.name || (await userName(store, caller.email)) || caller.email
  );
}

/**
 * Places an order: reads the part, checks the quantity against its minimum order and stock, and
 * reserves the stock in the same transaction that writes the order. Price, part details and the
 * customer's email and name come from the store and the token, never from the body. The order
 * holds its stock for the unpaid hold; a customer holds at most `maxUnpaidOrders` at once, so one
 * account cannot lock a part away from everyone else.
 */
export async function placeOrder(
  deps: OrderDeps,
  caller: AccessClaims,
  input: PlaceOrderInput,
): Promise<string> {
  if (!isSafeId(input.partId)) throw notFound('Part');
  const { store, config } = deps;
  await expireOrdersOf(deps, caller.email);
  const name = await customerName(store, caller);
  const now = deps.clock();
  const id = store.newId();
  await store.runTransaction(async (tx) => {
    const part = await tx.get<PartDoc>(PARTS, input.partId);
    if (!part) throw notFound('Part');
    const unpaid = await tx.query<OrderDoc>(ORDERS, {
      where: [
        { field: 'email', op: '==', value: caller.email },
        { field: 'status', op: '==', value: 'unpaid' },
      ],
    });
    if (unpaid.filter((order) => !isExpired(order.data, now)).length >= config.maxUnpaidOrders) {
      throw conflict(orderMessages.tooManyUnpaid(config.maxUnpaidOrders));
    }
    const refusal = checkOrderQuantity(part.data, input.orderQuantity);
    if (refusal?.kind === 'below_minimum') {
      throw validationFailed({ orderQuantity: refusal.message });
    }
    if (refusal) throw conflict(refusal.message);
    const lines = [lineOf(part, input.orderQuantity)];
    const order: OrderDoc = {
      ...orderSummary(lines),
      lines,
      timeline: [{ status: 'unpaid', at: now.toISOString(), actor: 'customer' }],
      email: caller.email,
      userName: name,
      address: input.address,
      number: input.number,
      paid: false,
      status: 'unpaid',
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + config.unpaidHoldMinutes * 60_000).toISOString(),
    };
    tx.update(PARTS, part.id, { quantity: part.data.quantity - input.orderQuantity });
    tx.set(ORDERS, id, order);
  });
  return id;
}

/**
 * Cancels one unpaid order whose hold has run out: its stock returns and its payment intent is
 * cancelled. Returns the order as it is afterwards (unchanged when it had not expired).
 */
async function expireOrder(deps: OrderDeps, id: string): Promise<StoredDoc<OrderDoc> | null> {
  const now = deps.clock();
  const result = await deps.store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    if (!doc || !isExpired(doc.data, now)) return { doc, expired: false };
    const putBack = await returnStock(tx, doc.data);
    const cancelled: OrderDoc = {
      ...doc.data,
      status: 'cancelled',
      cancelledAt: now.toISOString(),
      cancelReason: 'expired',
      timeline: withEntry(doc.data, 'cancelled', now, 'system', 'not paid in time'),
    };
    putBack();
    tx.set(ORDERS, id, cancelled);
    return { doc: { id, data: cancelled }, expired: true };
  });
  if (result.expired) await cancelOrderIntent(deps.store, deps.gateway, id, now);
  return result.doc;
}

/** Every read of orders settles the expired ones first, so nobody sees or pays a stale hold. */
async function settleExpired(
  deps: OrderDeps,
  docs: StoredDoc<OrderDoc>[],
): Promise<StoredDoc<OrderDoc>[]> {
  const now = deps.clock();
  return Promise.all(
    docs.map(async (doc) =>
      isExpired(doc.data, now) ? ((await expireOrder(deps, doc.id)) ?? doc) : doc,
    ),
  );
}

async function expireOrdersOf(deps: OrderDeps, email: string): Promise<void> {
  const unpaid = await deps.store.query<OrderDoc>(ORDERS, {
    where: [
      { field: 'email', op: '==', value: email },
      { field: 'status', op: '==', value: 'unpaid' },
    ],
  });
  await settleExpired(deps, unpaid);
}

/**
 * The sweep: cancels every unpaid order whose hold has run out (a scheduled function in
 * production, a timer in the local suite). Returns how many it cancelled.
 */
export async function expireUnpaidOrders(deps: OrderDeps): Promise<number> {
  const now = deps.clock();
  const due = await deps.store.query<OrderDoc>(ORDERS, {
    where: [
      { field: 'status', op: '==', value: 'unpaid' },
      { field: 'expiresAt', op: '<=', value: now.toISOString() },
    ],
    orderBy: [{ field: 'expiresAt' }],
    limit: 500,
  });
  const settled = await settleExpired(deps, due);
  return settled.filter((doc) => doc.data.status === 'cancelled').length;
}

/** All orders, or one customer's, oldest first. */
export async function listOrders(deps: OrderDeps, email?: string): Promise<Order[]> {
  const docs = await deps.store.query<OrderDoc>(ORDERS, {
    where: email === undefined ? [] : [{ field: 'email', op: '==', value: email }],
    orderBy: [{ field: 'createdAt' }],
  });
  return (await settleExpired(deps, docs)).map(toOrder);
}

export async function getOrder(deps: OrderDeps, id: string): Promise<Order> {
  const doc = isSafeId(id) ? await deps.store.get<OrderDoc>(ORDERS, id) : null;
  if (!doc) throw notFound('Order');
  const [settled] = await settleExpired(deps, [doc]);
  return toOrder(settled ?? doc);
}

/** Admin's Deliver Order: a paid order becomes processing. Returns 0 if it already was. */
export async function deliverOrder(store: Store, id: string, now: Date): Promise<number> {
  if (!isSafeId(id)) throw notFound('Order');
  return store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    if (!doc) throw notFound('Order');
    if (doc.data.status === 'processing') return 0;
    if (!canDeliver(doc.data)) throw conflict(orderMessages.deliverOnlyPaid);
    tx.update(ORDERS, id, {
      status: 'processing',
      deliveredText: 'processing',
      deliveredAt: now.toISOString(),
      timeline: withEntry(doc.data, 'processing', now, 'admin'),
    });
    return 1;
  });
}

/**
 * Deletes an unpaid order: its reserved stock returns to the part and its payment intent is
 * cancelled, so the customer cannot be charged for it. A cancelled order can be deleted too (its
 * stock is back already); a paid one cannot.
 */
export async function deleteOrder(deps: OrderDeps, id: string): Promise<void> {
  if (!isSafeId(id)) throw notFound('Order');
  const now = deps.clock();
  await deps.store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    if (!doc) throw notFound('Order');
    if (doc.data.status === 'cancelled') {
      tx.delete(ORDERS, id);
      return;
    }
    if (!canCancel(doc.data)) throw conflict(orderMessages.notUnpaid);
    const putBack = await returnStock(tx, doc.data);
    tx.delete(ORDERS, id);
    putBack();
  });
  await cancelOrderIntent(deps.store, deps.gateway, id, now);
}
