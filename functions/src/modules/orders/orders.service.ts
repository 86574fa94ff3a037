import { lineTotal, type Order, type PlaceOrderInput } from '@sprocket/contract';
import type { AccessClaims } from '../../auth/access-token.js';
import { conflict, notFound, validationFailed } from '../../http/errors.js';
import type { DocData, Store, StoredDoc } from '../../store/port.js';
import { isSafeId } from '../ids.js';
import { PARTS, type PartDoc } from '../parts/parts.service.js';

export const ORDERS = 'orders';

/** Order fields the API keeps for itself: when it was delivered, which payment event applied last. */
export type OrderDoc = Omit<Order, '_id'> & {
  deliveredAt?: string;
  lastEventCreated?: number;
} & DocData;

export function toOrder({ id, data }: StoredDoc<OrderDoc>): Order {
  const { deliveredAt: _deliveredAt, lastEventCreated: _lastEventCreated, ...order } = data;
  return { _id: id, ...order };
}

/**
 * Places an order: reads the part, checks the quantity against its minimum order and stock, and
 * reserves the stock in the same transaction that writes the order. Price, part details and the
 * customer's email come from the store and the token, never from the body.
 */
export async function placeOrder(
  store: Store,
  caller: AccessClaims,
  input: PlaceOrderInput,
  now: Date,
): Promise<string> {
  if (!isSafeId(input.partId)) throw notFound('Part');
  const id = store.newId();
  await store.runTransaction(async (tx) => {
    const part = await tx.get<PartDoc>(PARTS, input.partId);
    if (!part) throw notFound('Part');
    const { order: minimum, quantity: available, price } = part.data;
    if (input.orderQuantity < minimum) {
      throw validationFailed({ orderQuantity: `Order at least ${minimum}` });
    }
    if (input.orderQuantity > available) {
      throw conflict(available > 0 ? `Only ${available} available` : 'This part is out of stock');
    }
    const order: OrderDoc = {
      partId: part.id,
      partName: part.data.productName,
      img: part.data.img,
      price,
      orderQuantity: input.orderQuantity,
      totalPrice: lineTotal(price, input.orderQuantity),
      email: caller.email,
      userName: input.userName || caller.name || caller.email,
      address: input.address,
      number: input.number,
      paid: false,
      status: 'unpaid',
      createdAt: now.toISOString(),
    };
    tx.update(PARTS, part.id, { quantity: available - input.orderQuantity });
    tx.set(ORDERS, id, order);
  });
  return id;
}

/** All orders, or one customer's, oldest first. */
export async function listOrders(store: Store, email?: string): Promise<Order[]> {
  const docs = await store.query<OrderDoc>(ORDERS, {
    where: email === undefined ? [] : [{ field: 'email', op: '==', value: email }],
    orderBy: [{ field: 'createdAt' }],
  });
  return docs.map(toOrder);
}

export async function getOrder(store: Store, id: string): Promise<Order> {
  const doc = isSafeId(id) ? await store.get<OrderDoc>(ORDERS, id) : null;
  if (!doc) throw notFound('Order');
  return toOrder(doc);
}

/** Admin's Deliver Order: a paid order becomes processing. Returns 0 if it already was. */
export async function deliverOrder(store: Store, id: string, now: Date): Promise<number> {
  if (!isSafeId(id)) throw notFound('Order');
  return store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    if (!doc) throw notFound('Order');
    if (doc.data.status === 'processing') return 0;
    if (doc.data.status !== 'paid') throw conflict('Only a paid order can be delivered');
    tx.update(ORDERS, id, {
      status: 'processing',
      deliveredText: 'processing',
      deliveredAt: now.toISOString(),
    });
    return 1;
  });
}

/** Deletes an unpaid order and returns its reserved stock to the part, if the part still exists. */
export async function deleteOrder(store: Store, id: string): Promise<void> {
  if (!isSafeId(id)) throw notFound('Order');
  await store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    if (!doc) throw notFound('Order');
    if (doc.data.paid || doc.data.status !== 'unpaid') {
      throw conflict('A paid order cannot be deleted');
    }
    const part = await tx.get<PartDoc>(PARTS, doc.data.partId);
    tx.delete(ORDERS, id);
    if (part) tx.update(PARTS, part.id, { quantity: part.data.quantity + doc.data.orderQuantity });
  });
}
