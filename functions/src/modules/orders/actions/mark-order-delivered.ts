/**
 * An admin marks a shipped order delivered (POST /ordered/{id}/delivered, docs/product.md §4.1).
 * Like every change of an order it goes through order-life.ts, which checks it against the
 * contract's `orderTransitions` and writes it with its timeline entry, its stock and its mail;
 * here is what comes before and after (reading the order).
 */
import type { Order } from '@sprocket/contract';
import type { AdminAct } from '../../audit/audit-log.js';
import { changeContext as context, changeOrder } from '../order-life.js';
import { orderFor, toOrder } from '../order-record.js';
import type { OrderDeps } from '../order-deps.js';

/** An admin marks a shipped order delivered. */
export async function markOrderDelivered(
  deps: OrderDeps,
  id: string,
  act: AdminAct,
): Promise<Order> {
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const delivered = await changeOrder(context(deps, tx, now), await orderFor(tx, id), {
      action: 'markDelivered',
      actor: 'admin',
      fields: { completedAt: now.toISOString() },
      audit: act,
    });
    return toOrder(delivered);
  });
}
