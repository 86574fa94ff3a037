/**
 * Reading orders: all of them or a customer's (GET /ordered), and one (GET /ordered/{id}), each
 * with its expired holds settled first.
 */
import type { Order } from '@sprocket/contract';
import { notFound } from '../errors.js';
import { isSafeId } from '../../store/ids.js';
import { mayActOn, ORDERS, toOrder, type OrderCaller, type OrderDoc } from './order-record.js';
import type { OrderDeps } from './order-deps.js';
import { settleExpired } from './actions/expire-orders.js';

/**
 * All orders, or those of one address, oldest first; with `account`, only that account's of them
 * (a customer never sees orders an earlier account placed with the same address, decision 048).
 */
export async function listOrders(
  deps: OrderDeps,
  email?: string,
  account?: { uid: string },
): Promise<Order[]> {
  const docs = await deps.store.query<OrderDoc>(ORDERS, {
    where: email === undefined ? [] : [{ field: 'email', op: '==', value: email }],
    orderBy: [{ field: 'createdAt' }],
  });
  // A guest's order no account has claimed is nobody's here (guest-orders.ts).
  const theirs = account
    ? docs.filter(
        ({ data }) => data.guest !== true && (data.uid === undefined || data.uid === account.uid),
      )
    : docs;
  return (await settleExpired(deps, theirs)).map(toOrder);
}

/** The order, with an expired hold settled, and whether it is the caller's own. */
export async function getOrder(
  deps: OrderDeps,
  id: string,
  caller: OrderCaller,
): Promise<{ order: Order; own: boolean }> {
  const doc = isSafeId(id) ? await deps.store.get<OrderDoc>(ORDERS, id) : null;
  if (!doc) throw notFound('Order');
  const [settled] = await settleExpired(deps, [doc]);
  return { order: toOrder(settled ?? doc), own: mayActOn(doc.id, doc.data, caller) };
}
