/**
 * An admin refunds a paid order through the gateway, in whole or in part
 * (POST /ordered/{id}/refund, docs/product.md §4.1). Like every change of an order it goes
 * through order-life.ts, which checks it against the contract's `orderTransitions` and writes it
 * with its timeline entry, its stock and its mail; here is what comes before and after (reading
 * the order, holding the refund, the gateway).
 */
import {
  canTransition,
  orderMessages,
  refundedSoFar,
  returnMessages,
  type Order,
  type RefundedLine,
  type RefundOrderInput,
} from '@sprocket/contract';
import type { StoredDoc, Transaction } from '../../../store/port.js';
import { retryWhileUnavailable, type RetryOptions } from '../../../store/retry-unavailable.js';
import { orderTargetName, recordAudit, type AdminAct } from '../../audit/audit-log.js';
import { conflict, notFound, unavailable } from '../../errors.js';
import {
  GatewayRequestError,
  GatewayUnavailableError,
  IntentNotFoundError,
} from '../../../payments/port.js';
import { changeContext as context } from '../order-life.js';
import { ORDERS, orderFor, toOrder, type OrderDoc } from '../order-record.js';
import { holdRefund, recordRefund, refundMetadata, refuseRefundEarly } from '../order-refunds.js';
import type { OrderDeps } from '../order-deps.js';

/**
 * An admin refunds a paid order (paid or processing) through the gateway: all that is left of its
 * payment (the original `{ restock }`), an amount, or chosen lines (the contract's planRefund:
 * never more than was charged, never more units than a line has left); with `restock` the stock
 * of the refunded lines (of every line, for a refund in full) returns. One transaction checks it
 * and holds what it takes on the order (payments/order-refunds.ts `holdRefund`), so refunds asked
 * at once never take the same units or money (docs/decisions/076); one the order as read has no
 * room for is refused before any transaction (`refuseRefundEarly`). Then the gateway is asked once,
 * with the hold's key; then one transaction records it and ends the hold (`recordRefund`, which
 * the webhook's `charge.refunded` shares: whichever comes first records it, by the refund's id).
 * A refusal of the gateway gives the hold back; an unreachable gateway leaves it, unanswered,
 * until the same refund is asked again (the same key: made once).
 */
export async function refundOrder(
  deps: OrderDeps,
  id: string,
  input: RefundOrderInput,
  act: AdminAct,
): Promise<Order> {
  return toOrder(
    await refundThroughGateway(deps, id, input, act, {
      paymentOf: (order) => {
        if (!canTransition(order, 'refund', 'admin')) throw conflict(orderMessages.refundOnlyPaid);
        return paymentOfOrder(order);
      },
    }),
  );
}

/** The payment of an order to refund; refused when it has none. */
function paymentOfOrder(order: OrderDoc): string {
  if (!order.transactionId) throw conflict('This order has no payment to refund');
  return order.transactionId;
}

/**
 * What a refund made with the order's refund asks of the order after its own transactions: `read`
 * runs in the transaction that records it, before any write, and answers what writes after the
 * refund is recorded (by this call, or first by the provider's event), in the same transaction.
 */
export type AfterRefund = (
  tx: Transaction,
) => Promise<
  (order: StoredDoc<OrderDoc>, refund: { refundId: string; amount: number }) => StoredDoc<OrderDoc>
>;

/**
 * Parts a customer sent back refunded, with their stock returned (issue 37 item 2,
 * docs/decisions/098): the same refund as an admin's of chosen lines, with its holds and its one
 * request to the provider, for an order that was delivered; `after` records the return's step in
 * the refund's own transaction, so the step and the refund are written together.
 */
export async function refundReturnedParts(
  deps: OrderDeps,
  id: string,
  refund: { lines: RefundedLine[]; amount: number },
  act: AdminAct,
  after: AfterRefund,
): Promise<StoredDoc<OrderDoc>> {
  return refundThroughGateway(deps, id, { restock: true, ...refund }, act, {
    paymentOf: (order) => {
      if (order.status !== 'delivered') throw conflict(returnMessages.notDelivered);
      return paymentOfOrder(order);
    },
    after,
  });
}

/**
 * After the provider answered, the order must hear it: the refund was made (or refused, and its
 * hold is to be given back), whatever a contended order document says for a moment. Both writes
 * can repeat (the refund is recorded once, by its id).
 */
const AFTER_PROVIDER: RetryOptions = { attempts: 4, firstDelayMs: 250, maxDelayMs: 2_000 };

/**
 * The refund itself: refused at once when the order as read has no room for it; held in one
 * transaction; asked of the provider once, with the hold's key; recorded in one transaction.
 */
async function refundThroughGateway(
  deps: OrderDeps,
  id: string,
  input: RefundOrderInput,
  act: AdminAct,
  way: { paymentOf: (order: OrderDoc) => string; after?: AfterRefund },
): Promise<StoredDoc<OrderDoc>> {
  const currency = deps.config.currency;
  const { paymentOf } = way;
  // Refused at once, with no transaction, when the order as read has no room for it.
  const seen = await deps.store.get<OrderDoc>(ORDERS, id);
  if (seen) {
    paymentOf(seen.data);
    refuseRefundEarly(seen.data, input, { now: deps.clock(), currency });
  }
  const asked = await deps.store.runTransaction(async (tx) => {
    const order = await orderFor(tx, id);
    const intentId = paymentOf(order.data);
    const hold = holdRefund(tx, order, input, {
      now: deps.clock(),
      currency,
      newId: () => deps.store.newId(),
    });
    return { intentId, hold, before: refundedSoFar(order.data) };
  });
  const { intentId, hold, before } = asked;
  let refundId: string;
  try {
    ({ refundId } = await deps.gateway.refundIntent({
      intentId,
      idempotencyKey: `sprocket-order-refund-${id}-${hold.holdId}`,
      reason: 'Refunded by the shop',
      amount: hold.amount,
      metadata: refundMetadata(id, hold),
    }));
  } catch (error) {
    if (error instanceof GatewayUnavailableError) {
      console.error('Payment gateway unavailable:', error);
      await changeHold(deps, id, hold.holdId, 'unanswered');
      throw unavailable('The payment provider is not reachable; try again shortly');
    }
    if (error instanceof IntentNotFoundError) {
      await changeHold(deps, id, hold.holdId, 'release');
      throw conflict('The payment provider does not know the payment of this order');
    }
    if (error instanceof GatewayRequestError) {
      await changeHold(deps, id, hold.holdId, 'release');
      throw conflict(error.message);
    }
    // Anything else: the hold waits, and is taken for unanswered once REFUND_ASKING_MS passes.
    throw error;
  }
  const now = deps.clock();
  const record = () =>
    deps.store.runTransaction(async (tx) => {
      const doc = await tx.get<OrderDoc>(ORDERS, id);
      if (!doc) throw notFound('Order');
      const finish = await way.after?.(tx);
      const recorded = await recordRefund(context(deps, tx, now), doc, {
        refundId,
        amount: hold.amount,
        lines: hold.lines,
        restock: hold.restock,
        by: 'admin',
        audit: act,
        holdId: hold.holdId,
      });
      if (!recorded) {
        // The provider's charge.refunded recorded it first (the simulated gateway delivers it
        // before it answers): the order has it; the admin's act still goes in the audit log.
        recordAudit(tx, act, {
          kind: 'order.refund',
          targetId: id,
          targetName: orderTargetName(id, doc.data),
          before: { refunded: before },
          after: { refunded: refundedSoFar(doc.data), refundId },
        });
      }
      const order = recorded ?? doc;
      return finish ? finish(order, { refundId, amount: hold.amount }) : order;
    });

  return retryWhileUnavailable(record, AFTER_PROVIDER);
}

/**
 * After the gateway answered without a refund: `release` gives the hold back (it refused, nothing
 * was made); `unanswered` keeps it (the refund may have been made) until it is asked again.
 */
async function changeHold(
  deps: OrderDeps,
  id: string,
  holdId: string,
  change: 'release' | 'unanswered',
): Promise<void> {
  try {
    await retryWhileUnavailable(
      () =>
        deps.store.runTransaction(async (tx) => {
          const doc = await tx.get<OrderDoc>(ORDERS, id);
          const holds = doc?.data.refundHolds ?? [];
          if (!holds.some((one) => one.holdId === holdId)) return;
          tx.update(ORDERS, id, {
            refundHolds:
              change === 'release'
                ? holds.filter((one) => one.holdId !== holdId)
                : holds.map((one) => (one.holdId === holdId ? { ...one, unanswered: true } : one)),
          });
        }),
      AFTER_PROVIDER,
    );
  } catch (error) {
    // The gateway's answer is what the admin needs to hear; a hold left here waits its time out.
    console.error('The refund hold could not be changed:', error);
  }
}
