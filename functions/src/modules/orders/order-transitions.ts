/**
 * The order's changes after payment, and the customer's or admin's cancellation
 * (docs/product.md §4.1). Each is allowed only from the states the contract's `orderTransitions`
 * names, and each appends to the order's timeline in the transaction that makes it, with the mail
 * it sends. Placing, expiry, Deliver Order and delete are in orders.service.ts; payment in
 * modules/payments/.
 */
import {
  canTransition,
  orderMessages,
  type Order,
  type OrderAction,
  type RefundOrderInput,
  type ShipOrderInput,
} from '@sprocket/contract';
import { conflict, notFound, unavailable } from '../errors.js';
import {
  GatewayRequestError,
  GatewayUnavailableError,
  IntentNotFoundError,
} from '../../payments/port.js';
import { isSafeId } from '../../store/ids.js';
import type { Transaction } from '../../store/port.js';
import { mailCustomer } from '../mail/order-mails.js';
import { cancelOrderIntent } from '../payments/intents.js';
import { ORDERS, returnStock, toOrder, withEntry, type OrderDoc } from './order-record.js';
import type { OrderDeps } from './orders.service.js';

const REFUSED: Record<Exclude<OrderAction, 'place' | 'pay' | 'deliver' | 'expire'>, string> = {
  cancel: orderMessages.cancelOnlyUnpaid,
  ship: orderMessages.shipOnlyProcessing,
  markDelivered: orderMessages.markDeliveredOnlyShipped,
  refund: orderMessages.refundOnlyPaid,
};

/** Reads the order in the transaction: 404 when there is none, 409 when `action` cannot start. */
async function orderFor(
  tx: Transaction,
  id: string,
  action: keyof typeof REFUSED,
): Promise<OrderDoc> {
  const doc = isSafeId(id) ? await tx.get<OrderDoc>(ORDERS, id) : null;
  if (!doc) throw notFound('Order');
  if (action === 'cancel' && doc.data.status === 'cancelled') {
    // Often the hold ran out while the customer looked at the order: say so, not "only unpaid".
    throw conflict(
      doc.data.cancelReason === 'expired' ? orderMessages.expired : orderMessages.cancelled,
    );
  }
  if (!canTransition(doc.data, action)) throw conflict(REFUSED[action]);
  return doc.data;
}

/**
 * Cancels an unpaid order, by its customer or an admin: the stock of every line returns, the
 * customer is mailed, and the payment intent is cancelled at the gateway afterwards.
 */
export async function cancelOrder(
  deps: OrderDeps,
  id: string,
  actor: 'customer' | 'admin',
): Promise<Order> {
  const now = deps.clock();
  const cancelled = await deps.store.runTransaction(async (tx) => {
    const order = await orderFor(tx, id, 'cancel');
    const putBack = await returnStock(deps.store.stock, tx, order);
    const data: OrderDoc = {
      ...order,
      status: 'cancelled',
      cancelledAt: now.toISOString(),
      cancelReason: actor,
      timeline: withEntry(order, 'cancelled', now, actor),
    };
    putBack();
    tx.set(ORDERS, id, data);
    const after = toOrder({ id, data });
    mailCustomer(tx, 'order_cancelled', { id, data }, { currency: deps.config.currency, now });
    return after;
  });
  await cancelOrderIntent(deps.store, deps.gateway, id, now);
  return cancelled;
}

/** An admin ships an order in processing, with the carrier and tracking number; the customer is mailed. */
export async function shipOrder(
  deps: OrderDeps,
  id: string,
  input: ShipOrderInput,
): Promise<Order> {
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const order = await orderFor(tx, id, 'ship');
    const shipment = {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      shippedAt: now.toISOString(),
    };
    const data: OrderDoc = {
      ...order,
      status: 'shipped',
      shipment,
      timeline: withEntry(
        order,
        'shipped',
        now,
        'admin',
        `${input.carrier} ${input.trackingNumber}`,
      ),
    };
    tx.set(ORDERS, id, data);
    const after = toOrder({ id, data });
    mailCustomer(tx, 'order_shipped', { id, data }, { currency: deps.config.currency, now });
    return after;
  });
}

/** An admin marks a shipped order delivered. */
export async function markOrderDelivered(deps: OrderDeps, id: string): Promise<Order> {
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const order = await orderFor(tx, id, 'markDelivered');
    const data: OrderDoc = {
      ...order,
      status: 'delivered',
      completedAt: now.toISOString(),
      timeline: withEntry(order, 'delivered', now, 'admin'),
    };
    tx.set(ORDERS, id, data);
    return toOrder({ id, data });
  });
}

/**
 * An admin refunds a paid order (paid or processing) in full through the gateway; with `restock`
 * the stock of every line returns. The gateway is asked first, with a key per order so that a
 * repeated or concurrent request refunds once; then one transaction records the refund, the
 * timeline entry, the stock and the mail. Once the money is back the order is refunded, whatever
 * happened to it meanwhile; a second request finds it refunded and changes nothing.
 */
export async function refundOrder(
  deps: OrderDeps,
  id: string,
  input: RefundOrderInput,
): Promise<Order> {
  const intentId = await deps.store.runTransaction(async (tx) => {
    const order = await orderFor(tx, id, 'refund');
    if (!order.transactionId) throw conflict('This order has no payment to refund');
    return order.transactionId;
  });
  let refundId: string;
  try {
    ({ refundId } = await deps.gateway.refundIntent({
      intentId,
      idempotencyKey: `sprocket-order-refund-${id}`,
      reason: 'Refunded by the shop',
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
    if (doc.data.status === 'refunded') return toOrder(doc);
    const order = doc.data;
    const putBack = input.restock ? await returnStock(deps.store.stock, tx, order) : undefined;
    const data: OrderDoc = {
      ...order,
      status: 'refunded',
      refund: {
        refundId,
        amount: order.totalPrice,
        restocked: input.restock,
        refundedAt: now.toISOString(),
      },
      timeline: withEntry(
        order,
        'refunded',
        now,
        'admin',
        input.restock ? 'stock returned' : 'stock not returned',
      ),
    };
    putBack?.();
    tx.set(ORDERS, id, data);
    const after = toOrder({ id, data });
    mailCustomer(tx, 'order_refunded', { id, data }, { currency: deps.config.currency, now });
    return after;
  });
}
