/**
 * Cancelling an unpaid order, by its customer or an admin (POST /ordered/{id}/cancel,
 * docs/product.md §4.1). Like every change of an order it goes through order-life.ts, which checks
 * it against the contract's `orderTransitions` and writes it with its timeline entry, its stock
 * and its mail; here is what comes before and after (reading the order).
 */
import { orderMessages, type Order } from '@sprocket/contract';
import type { AdminAct } from '../../audit/audit-log.js';
import { conflict } from '../../errors.js';
import { changeContext as context, changeOrder } from '../order-life.js';
import { orderFor, toOrder } from '../order-record.js';
import type { OrderDeps } from '../order-deps.js';

/**
 * Cancels an unpaid order, by its customer or an admin: the stock of every line returns; the
 * customer is mailed and the payment intent cancelled at the gateway as its event is applied.
 */
export async function cancelOrder(
  deps: OrderDeps,
  id: string,
  actor: 'customer' | 'admin',
  /** The admin who cancels it, for the audit log. */
  act?: AdminAct,
): Promise<Order> {
  const now = deps.clock();
  const cancelled = await deps.store.runTransaction(async (tx) => {
    const order = await orderFor(tx, id);
    if (order.data.status === 'cancelled') {
      // Often the hold ran out while the customer looked at the order: say so, not "only unpaid".
      throw conflict(
        order.data.cancelReason === 'expired' ? orderMessages.expired : orderMessages.cancelled,
      );
    }
    return changeOrder(context(deps, tx, now), order, {
      action: 'cancel',
      actor,
      fields: { cancelledAt: now.toISOString(), cancelReason: actor },
      restock: true,
      mail: 'order_cancelled',
      audit: act,
    });
  });
  return toOrder(cancelled);
}
