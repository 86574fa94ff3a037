/**
 * The provider's events after `payment_intent.succeeded` (issue 26 item 4, docs/decisions/069),
 * the same for the Stripe adapter and the simulated gateway: a failed or cancelled payment, a
 * refund (the shop's own, or one made in the Dashboard), a dispute opened and closed. Each is
 * applied once — its event id is recorded in the transaction that applies it — and none moves an
 * order backwards: a failure or cancellation reaches only an order still unpaid, refunds are
 * recorded by their id, and a dispute that closed stays closed.
 */
import {
  awaitsPayment,
  formatMoney,
  orderNumber,
  type MailValues,
  type OrderDispute,
} from '@sprocket/contract';
import { isSafeId } from '../../store/ids.js';
import type { StoredDoc, Transaction } from '../../store/port.js';
import { GatewayUnavailableError, type PaymentEvent } from '../../payments/port.js';
import { unavailable } from '../errors.js';
import { mailMessage, queueMail } from '../mail/mail.service.js';
import { savedMailTemplates } from '../mail/saved-templates.js';
import { ORDERS, withEntry, type OrderDoc } from '../orders/order-record.js';
import { holdsAdminRights, USERS, type UserDoc } from '../users/users.service.js';
import { PAYMENT_INTENTS, type PaymentIntentDoc } from './intents.js';
import { fromRefundMetadata, recordRefund } from '../orders/order-refunds.js';
import { changeContext } from '../orders/order-life.js';
import {
  eventRecord,
  PAYMENT_EVENTS,
  type PaymentDeps,
  type PaymentEventResult,
} from './payment-event-log.js';

/** The events this file applies; `payment_intent.succeeded` is payments.service.ts's. */
export const FOLLOW_UP_EVENTS = [
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

const isFollowUp = (type: string): type is (typeof FOLLOW_UP_EVENTS)[number] =>
  (FOLLOW_UP_EVENTS as readonly string[]).includes(type);

/** The order a charge or dispute is about: the paid order whose transaction id is its intent. */
async function orderPaidWith(
  tx: Transaction,
  intentId: string | null,
): Promise<StoredDoc<OrderDoc> | null> {
  if (intentId === null) return null;
  const [order] = await tx.query<OrderDoc>(ORDERS, {
    where: [{ field: 'transactionId', op: '==', value: intentId }],
    limit: 1,
  });
  return order ?? null;
}

/** The order an intent event names in its metadata. */
async function orderOfIntent(tx: Transaction, event: PaymentEvent) {
  const orderId = event.intent?.orderId ?? null;
  return orderId !== null && isSafeId(orderId) ? tx.get<OrderDoc>(ORDERS, orderId) : null;
}

/** Adds the provider's entry to the order's timeline, its status unchanged. */
function note(
  order: StoredDoc<OrderDoc>,
  now: Date,
  text: string,
  fields: Partial<OrderDoc> = {},
): Partial<OrderDoc> {
  return {
    ...fields,
    timeline: withEntry(order.data, order.data.status, now, 'gateway', text),
  };
}

/** The cardholder's reason in words ("product not received"). */
const inWords = (reason: string) => reason.replaceAll('_', ' ');

/**
 * Applies one follow-up event; any other type is recorded as ignored. A refund is read from the
 * gateway first (`listRefunds`), outside the transaction: unreachable, nothing is recorded and
 * the webhook answers 503, so the provider delivers the event again.
 */
export async function applyFollowUpEvent(
  deps: PaymentDeps,
  event: PaymentEvent,
): Promise<PaymentEventResult> {
  if (!isFollowUp(event.type)) {
    return recordOnly(deps, event, { outcome: 'ignored', reason: 'unhandled_type' });
  }
  if (event.type === 'charge.refunded') return applyRefunds(deps, event);
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    if (await tx.get(PAYMENT_EVENTS, event.id)) return { outcome: 'duplicate' } as const;
    const result = await (event.type === 'payment_intent.payment_failed' ||
    event.type === 'payment_intent.canceled'
      ? applyIntentEnd(tx, event, now)
      : applyDispute(tx, event, deps, now));
    tx.set(PAYMENT_EVENTS, event.id, eventRecord(event, now, result));
    return result;
  });
}

function recordOnly(deps: PaymentDeps, event: PaymentEvent, result: PaymentEventResult) {
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    if (await tx.get(PAYMENT_EVENTS, event.id)) return { outcome: 'duplicate' } as const;
    tx.set(PAYMENT_EVENTS, event.id, eventRecord(event, now, result));
    return result;
  });
}

/**
 * A failed attempt (the order keeps the provider's reason, and its customer can try again with
 * the same intent) or a cancelled intent, for an order still waiting for its payment only: a late
 * failure after the payment succeeded changes nothing.
 */
async function applyIntentEnd(
  tx: Transaction,
  event: PaymentEvent,
  now: Date,
): Promise<PaymentEventResult> {
  const order = await orderOfIntent(tx, event);
  if (!order) return { outcome: 'ignored', reason: 'unknown_order' };
  if (!awaitsPayment(order.data)) {
    return { outcome: 'ignored', reason: 'already_paid', orderId: order.id };
  }
  const failure = event.intent?.lastPaymentError;
  if (event.type === 'payment_intent.payment_failed') {
    const message = failure?.message ?? 'The payment was not accepted.';
    tx.update(
      ORDERS,
      order.id,
      note(order, now, `Payment failed: ${message}`, {
        paymentFailure: {
          message,
          ...(failure?.code ? { code: failure.code } : {}),
          ...(failure?.declineCode ? { declineCode: failure.declineCode } : {}),
          at: now.toISOString(),
        },
      }),
    );
  } else {
    // A cancelled intent can never be confirmed: the next payment page makes a new one.
    const kept = await tx.get<PaymentIntentDoc>(PAYMENT_INTENTS, order.id);
    if (kept && kept.data.intentId === event.intent?.intentId)
      tx.update(PAYMENT_INTENTS, order.id, { canceledAt: now.toISOString() });
    tx.update(
      ORDERS,
      order.id,
      note(order, now, 'The payment was cancelled at the payment provider'),
    );
  }
  return { outcome: 'recorded', orderId: order.id };
}

/** Each placeholder's value in the admins' note of a dispute, opened or closed. */
export const disputeNoteValues = (dispute: {
  orderId: string;
  customerEmail: string;
  /** Formatted, in the shop's currency. */
  amount: string;
  reason: string;
  status: string;
}): MailValues => ({
  orderNumber: orderNumber(dispute.orderId),
  customerEmail: dispute.customerEmail,
  disputeAmount: dispute.amount,
  disputeReason: inWords(dispute.reason),
  disputeOutcome: inWords(dispute.status),
});

/** Stripe's statuses of a dispute that is over. */
const CLOSED = new Set(['won', 'lost', 'warning_closed', 'prevented']);

/**
 * A dispute flags the order and is mailed to every admin; its closing says how it ended. A
 * `created` that arrives after the `closed` of the same dispute changes nothing.
 */
async function applyDispute(
  tx: Transaction,
  event: PaymentEvent,
  deps: PaymentDeps,
  now: Date,
): Promise<PaymentEventResult> {
  const dispute = event.dispute;
  if (!dispute) return { outcome: 'ignored', reason: 'unhandled_type' };
  const order = await orderPaidWith(tx, dispute.intentId);
  if (!order) return { outcome: 'ignored', reason: 'unknown_order' };
  const known = order.data.dispute;
  const closing = event.type === 'charge.dispute.closed';
  if (known?.disputeId === dispute.disputeId && known.closedAt !== undefined) {
    return { outcome: 'ignored', reason: 'stale', orderId: order.id };
  }
  const admins = await tx.query<UserDoc>(USERS, {
    where: [{ field: 'role', op: '==', value: 'admin' }],
  });
  const currency = deps.currency.toUpperCase();
  const amount = formatMoney(dispute.amount, currency);
  const flagged: OrderDispute = {
    disputeId: dispute.disputeId,
    amount: dispute.amount,
    reason: dispute.reason,
    status: dispute.status,
    openedAt: known?.disputeId === dispute.disputeId ? known.openedAt : now.toISOString(),
    ...(closing || CLOSED.has(dispute.status) ? { closedAt: now.toISOString() } : {}),
  };
  const templates = await savedMailTemplates(tx);
  const values = disputeNoteValues({
    orderId: order.id,
    customerEmail: order.data.email,
    amount,
    reason: dispute.reason,
    status: dispute.status,
  });
  const said = closing
    ? `Dispute closed: ${inWords(dispute.status)}`
    : `Payment disputed (${inWords(dispute.reason)}): ${amount}`;
  tx.update(ORDERS, order.id, note(order, now, said, { dispute: flagged }));
  const kind = closing ? 'shop_dispute_closed' : 'shop_payment_disputed';
  for (const admin of admins.filter(({ data }) => holdsAdminRights(data, data.uid))) {
    queueMail(
      tx,
      `${dispute.disputeId}-${closing ? 'closed' : 'created'}-${admin.id}`,
      { to: admin.data.email, kind, about: order.id, now },
      mailMessage(kind, templates, values),
    );
  }
  return { outcome: 'recorded', orderId: order.id };
}

/**
 * `charge.refunded`: every refund of the payment the order does not have yet is recorded, each in
 * its own transaction and by its id (the admin's own refund may have been recorded by the request
 * that made it), then the event. Its lines and restock come from the refund's metadata when the
 * shop made it; one made in the Dashboard returns no stock.
 */
async function applyRefunds(deps: PaymentDeps, event: PaymentEvent): Promise<PaymentEventResult> {
  const intentId = event.charge?.intentId ?? null;
  if (intentId === null || (await deps.store.get(PAYMENT_EVENTS, event.id))) {
    return recordOnly(deps, event, { outcome: 'ignored', reason: 'unknown_order' });
  }
  let refunds;
  try {
    refunds = await deps.gateway.listRefunds(intentId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) {
      console.error('Payment gateway unavailable:', error);
      throw unavailable('The payment provider is not reachable; try again shortly');
    }
    throw error;
  }
  let orderId: string | undefined;
  for (const refund of refunds.filter(
    (one) => one.status === 'succeeded' || one.status === 'pending',
  )) {
    const now = deps.clock();
    orderId = await deps.store.runTransaction(async (tx) => {
      const order = await orderPaidWith(tx, intentId);
      if (!order) return undefined;
      const { lines, restock, holdId } = fromRefundMetadata(refund.metadata);
      await recordRefund(
        changeContext({ store: deps.store, config: { currency: deps.currency } }, tx, now),
        order,
        {
          refundId: refund.refundId,
          amount: refund.amount,
          lines,
          restock,
          by: refund.metadata.orderId === order.id ? 'admin' : 'gateway',
          holdId,
        },
      );
      return order.id;
    });
  }
  return recordOnly(
    deps,
    event,
    orderId === undefined
      ? { outcome: 'ignored', reason: 'unknown_order' }
      : { outcome: 'recorded', orderId },
  );
}
