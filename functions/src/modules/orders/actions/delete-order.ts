/**
 * The spec's DELETE /ordered/{id}: an unpaid order is cancelled and removed, its stock back; a
 * cancelled one is removed.
 */
import { canCancel, orderMessages } from '@sprocket/contract';
import { orderTargetName, recordAudit, type AdminAct } from '../../audit/audit-log.js';
import { conflict, notFound } from '../../errors.js';
import { isSafeId } from '../../../store/ids.js';
import { changeContext, changeOrder } from '../order-life.js';
import { ORDERS, type OrderDoc } from '../order-record.js';
import type { OrderDeps } from '../order-deps.js';

/**
 * Deletes an unpaid order (the spec's DELETE /ordered/{id}): the reserved stock of every line
 * returns, the customer is mailed that it was cancelled, and its payment intent is cancelled, so
 * the customer cannot be charged for it. A cancelled order can be deleted too (its stock is back
 * already); a paid one cannot. `actor` is who deleted it.
 */
export async function deleteOrder(
  deps: OrderDeps,
  id: string,
  actor: 'customer' | 'admin',
  /** The admin who deletes it, for the audit log. */
  act?: AdminAct,
): Promise<void> {
  if (!isSafeId(id)) throw notFound('Order');
  const now = deps.clock();
  await deps.store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    if (!doc) throw notFound('Order');
    if (doc.data.status === 'cancelled') {
      tx.delete(ORDERS, id);
      if (act) {
        const before = { status: doc.data.status };
        recordAudit(tx, act, {
          kind: 'order.deleted',
          targetId: id,
          targetName: orderTargetName(id, doc.data),
          before,
          after: null,
        });
      }
      return;
    }
    if (!canCancel(doc.data)) throw conflict(orderMessages.notUnpaid);
    await changeOrder(changeContext(deps, tx, now), doc, {
      action: 'cancel',
      actor,
      fields: { cancelReason: actor },
      restock: true,
      mail: 'order_cancelled',
      remove: true,
      audit: act,
    });
  });
}
