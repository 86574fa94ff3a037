/** The spec's Deliver Order (PUT /ordered/{id}): an admin moves a paid order to processing. */
import type { AdminAct } from '../../audit/audit-log.js';
import { notFound } from '../../errors.js';
import { isSafeId } from '../../../store/ids.js';
import { changeContext, changeOrder } from '../order-life.js';
import { ORDERS, type OrderDoc } from '../order-record.js';
import type { OrderDeps } from '../order-deps.js';

/** Past the spec's Deliver Order: asking for it again changes nothing. */
const DELIVERED_ALREADY = new Set(['processing', 'shipped', 'delivered']);

/**
 * Admin's Deliver Order (the spec's PUT /ordered/{id}): a paid order becomes processing. Returns 0
 * if it was processing or further along already.
 */
export async function deliverOrder(deps: OrderDeps, id: string, act: AdminAct): Promise<number> {
  if (!isSafeId(id)) throw notFound('Order');
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    if (!doc) throw notFound('Order');
    if (DELIVERED_ALREADY.has(doc.data.status)) return 0;
    await changeOrder(changeContext(deps, tx, now), doc, {
      action: 'deliver',
      actor: 'admin',
      fields: { deliveredText: 'processing', deliveredAt: now.toISOString() },
      audit: act,
    });
    return 1;
  });
}
