/**
 * The order's changes after payment, and the customer's or admin's cancellation
 * (docs/product.md §4.1), as the routes ask for them. Each goes through order-life.ts, which
 * checks it against the contract's `orderTransitions` and writes it with its timeline entry, its
 * stock and its mail; here is what comes before and after (reading the order, the gateway).
 */
import {
  canTransition,
  orderMessages,
  planRefund,
  refundedSoFar,
  type Order,
  type RefundOrderInput,
  type ShipOrderInput,
} from '@sprocket/contract';
import { conflict, notFound, unavailable, validationFailed } from '../errors.js';
import {
  GatewayRequestError,
  GatewayUnavailableError,
  IntentNotFoundError,
} from '../../payments/port.js';
import type { Transaction } from '../../store/port.js';
import { cancelOrderIntent } from '../payments/intents.js';
import { changeContext as context, changeOrder } from './order-life.js';
import { existingDoc } from '../existing-doc.js';
import { linesOf, ORDERS, toOrder, type OrderDoc } from './order-record.js';
import { recordRefund, refundMetadata } from '../payments/order-refunds.js';
import type { OrderDeps } from './orders.service.js';
import { recordAudit, type AdminAct } from '../audit/audit-log.js';

/** Reads the order in the transaction: 404 when there is none. */
const orderFor = (tx: Transaction, id: string) => existingDoc<OrderDoc>(tx, ORDERS, id, 'Order');

/**
 * Cancels an unpaid order, by its customer or an admin: the stock of every line returns, the
 * customer is mailed, and the payment intent is cancelled at the gateway afterwards.
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
  await cancelOrderIntent(deps.store, deps.gateway, id, now);
  return toOrder(cancelled);
}

/** An admin ships a paid order or one in processing, with the carrier and tracking number; the customer is mailed. */
export async function shipOrder(
  deps: OrderDeps,
  id: string,
  input: ShipOrderInput,
  act: AdminAct,
): Promise<Order> {
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const shipment = {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      shippedAt: now.toISOString(),
    };
    const shipped = await changeOrder(context(deps, tx, now), await orderFor(tx, id), {
      action: 'ship',
      actor: 'admin',
      fields: { shipment },
      note: `${input.carrier} ${input.trackingNumber}`,
      mail: 'order_shipped',
      audit: act,
    });
    return toOrder(shipped);
  });
}

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

/**
 * An admin refunds a paid order (paid or processing) through the gateway: all that is left of its
 * payment (the original `{ restock }`), an amount, or chosen lines (the contract's planRefund:
 * never more than was charged, never more units than a line has left); with `restock` the stock
 * of the refunded lines (of every line, for a refund in full) returns. The gateway is asked first,
 * with a key per order and request so that a repeated or concurrent request refunds once; then one
 * transaction records it (payments/order-refunds.ts, which the webhook's `charge.refunded` shares:
 * whichever comes first records it, by the refund's id). Once the money is back it is recorded,
 * whatever happened to the order meanwhile; a second request finds it recorded and changes nothing.
 */
export async function refundOrder(
  deps: OrderDeps,
  id: string,
  input: RefundOrderInput,
  act: AdminAct,
): Promise<Order> {
  const currency = deps.config.currency;
  const asked = await deps.store.runTransaction(async (tx) => {
    const { data: order } = await orderFor(tx, id);
    if (!canTransition(order, 'refund', 'admin')) throw conflict(orderMessages.refundOnlyPaid);
    if (!order.transactionId) throw conflict('This order has no payment to refund');
    const plan = planRefund({ ...order, lines: linesOf(order) }, input, currency);
    if (!plan.ok) throw validationFailed(plan.errors);
    return { intentId: order.transactionId, plan, before: refundedSoFar(order) };
  });
  const { intentId, plan, before } = asked;
  const lines = plan.lines.map(({ line, quantity }) => ({ line, quantity }));
  // The first refund of the whole payment keeps the key it always had; any other names the
  // order's state and the request, so the same request twice is one refund and a new one is new.
  const key =
    before === 0 && plan.full && lines.length === 0
      ? `sprocket-order-refund-${id}`
      : `sprocket-order-refund-${id}-${before}-${plan.amount}-${lines.map((l) => `${l.line}x${l.quantity}`).join('.')}`;
  let refundId: string;
  try {
    ({ refundId } = await deps.gateway.refundIntent({
      intentId,
      idempotencyKey: key,
      reason: 'Refunded by the shop',
      amount: plan.amount,
      metadata: refundMetadata(id, lines, input.restock),
    }));
  } catch (error) {
    if (error instanceof GatewayUnavailableError) {
      console.error('Payment gateway unavailable:', error);
      throw unavailable('The payment provider is not reachable; try again shortly');
    }
    if (error instanceof IntentNotFoundError) {
      throw conflict('The payment provider does not know the payment of this order');
    }
    if (error instanceof GatewayRequestError) throw conflict(error.message);
    throw error;
  }
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    if (!doc) throw notFound('Order');
    const recorded = await recordRefund(context(deps, tx, now), doc, {
      refundId,
      amount: plan.amount,
      lines,
      restock: input.restock,
      by: 'admin',
      audit: act,
    });
    if (recorded) return toOrder(recorded);
    // The provider's charge.refunded recorded it first (the simulated gateway delivers it before
    // it answers): the order has it; the admin's act still goes in the audit log.
    recordAudit(tx, act, {
      kind: 'order.refund',
      targetId: id,
      before: { refunded: before },
      after: { refunded: refundedSoFar(doc.data), refundId },
    });
    return toOrder(doc);
  });
}
