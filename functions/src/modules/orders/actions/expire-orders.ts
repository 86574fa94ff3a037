/**
 * Unpaid orders whose hold has run out are cancelled, their stock back: one at a time when read
 * (settleExpired, before a read or a new order of the same customer) and by the sweep
 * (expireUnpaidOrders).
 */
import { isExpired } from '@sprocket/contract';
import type { StoredDoc } from '../../../store/port.js';
import { changeContext, changeOrder } from '../order-life.js';
import { ORDERS, type OrderDoc } from '../order-record.js';
import type { OrderDeps } from '../order-deps.js';

/**
 * Cancels one unpaid order whose hold has run out: its stock returns and its payment intent is
 * cancelled. Returns the order as it is afterwards (unchanged when it had not expired).
 */
async function expireOrder(deps: OrderDeps, id: string): Promise<StoredDoc<OrderDoc> | null> {
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    if (!doc || !isExpired(doc.data, now)) return doc;
    // Its payment intent is cancelled as its event is applied (docs/decisions/084).
    return changeOrder(changeContext(deps, tx, now), doc, {
      action: 'expire',
      actor: 'system',
      fields: { cancelledAt: now.toISOString(), cancelReason: 'expired' },
      note: 'not paid in time',
      restock: true,
      mail: 'order_cancelled',
    });
  });
}

/**
 * Every read of orders settles the expired ones first, so nobody sees or pays a stale hold.
 * One at a time: each expiry writes the shared stock, and on Firestore many at once wait on each
 * other's locks until their deadline.
 */
export async function settleExpired(
  deps: OrderDeps,
  docs: StoredDoc<OrderDoc>[],
): Promise<StoredDoc<OrderDoc>[]> {
  const now = deps.clock();
  const settled: StoredDoc<OrderDoc>[] = [];
  for (const doc of docs) {
    settled.push(isExpired(doc.data, now) ? ((await expireOrder(deps, doc.id)) ?? doc) : doc);
  }
  return settled;
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
