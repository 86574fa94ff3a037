/**
 * An admin ships an order (POST /ordered/{id}/ship, docs/product.md §4.1). Like every change of an
 * order it goes through order-life.ts, which checks it against the contract's `orderTransitions`
 * and writes it with its timeline entry, its stock and its mail; here is what comes before and
 * after (reading the order).
 */
import { shipmentOf, type Order, type ShipOrderInput } from '@sprocket/contract';
import type { AdminAct } from '../../audit/audit-log.js';
import { readTrackingCarriers } from '../../tracking/tracking.service.js';
import { changeContext as context, changeOrder } from '../order-life.js';
import { orderFor, toOrder } from '../order-record.js';
import type { OrderDeps } from '../order-deps.js';

/**
 * An admin ships a paid order or one in processing, with the carrier and tracking number (its
 * format checked by the contract's shipOrderSchema); the parcel's link is stored with them, from
 * the known carriers' addresses or the shop's own (decision 090); the customer is mailed.
 */
export async function shipOrder(
  deps: OrderDeps,
  id: string,
  input: ShipOrderInput,
  act: AdminAct,
): Promise<Order> {
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const order = await orderFor(tx, id);
    const shipment = {
      ...shipmentOf(input, await readTrackingCarriers(tx)),
      shippedAt: now.toISOString(),
    };
    const shipped = await changeOrder(context(deps, tx, now), order, {
      action: 'ship',
      actor: 'admin',
      fields: { shipment },
      note: `${shipment.carrier} ${shipment.trackingNumber}`,
      mail: 'order_shipped',
      audit: act,
    });
    return toOrder(shipped);
  });
}
