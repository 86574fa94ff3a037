/**
 * Payments in the shop's terms, written once against the store and the gateway port:
 * - getOrCreateIntent: one intent per order, for the amount of the stored order;
 * - receiveWebhook / handlePaymentEvent: the source of truth — each verified event is recorded
 *   in the same transaction as its effect, so it is applied once however often it arrives;
 * - confirmOrderPayment: the page's "mark paid" (PATCH /ordered/{id}), trusted only after the
 *   gateway itself confirms that the intent succeeded for this order and amount.
 */
import {
  awaitsPayment,
  formatMoney,
  isExpired,
  orderMessages,
  orderNumber,
  type MailValues,
  type SavedCard,
} from '@sprocket/contract';
import {
  badRequest,
  conflict,
  DomainError,
  forbidden,
  notFound,
  unavailable,
  validationFailed,
} from '../errors.js';
import { isSafeId } from '../../store/ids.js';
import { localTurns } from '../../store/local-turns.js';
import type { Store, StoredDoc, Transaction } from '../../store/port.js';
import { mailMessage, queueMail } from '../mail/mail.service.js';
import { savedMailTemplates } from '../mail/saved-templates.js';
import { changeContext, changeOrder } from '../orders/order-life.js';
import type { OrderPayments } from '../orders/orders.routes.js';
import { holdsAdminRights, USERS, type UserDoc } from '../users/users.service.js';
import {
  mayActOn,
  ORDERS,
  withEntry,
  type OrderCaller,
  type OrderDoc,
} from '../orders/order-record.js';
import { PAYMENT_INTENTS, type PaymentIntentDoc } from './intents.js';
import { cardsOf, ensureCustomer } from './payment-methods.js';
import { applyFollowUpEvent } from './payment-events.js';
import {
  eventRecord,
  PAYMENT_EVENTS,
  type IgnoredReason,
  type PaymentDeps,
  type PaymentEventResult,
  type RefundReason,
} from './payment-event-log.js';
import {
  GatewayRequestError,
  GatewayUnavailableError,
  IntentNotFoundError,
  isIntentId,
  WebhookVerificationError,
  type GatewayName,
  type IntentInfo,
  type PaymentEvent,
} from '../../payments/port.js';

/** Money the shop gave back on its own: payments that arrived for orders that were gone. */
export const REFUNDS = 'refunds';
export { PAYMENT_INTENTS, type PaymentIntentDoc } from './intents.js';
export {
  PAYMENT_EVENTS,
  type IgnoredReason,
  type PaymentDeps,
  type PaymentEventResult,
  type RefundReason,
} from './payment-event-log.js';

/** An order as payments read and write it: the contract's fields plus when it was paid. */
export type PayableOrderDoc = OrderDoc & {
  paidAt?: string;
  /** `created` (unix seconds) of the last event applied to the order. */
  lastEventCreated?: number;
};

export type RefusalReason =
  | 'unknown_intent'
  | 'foreign_intent'
  | 'amount_mismatch'
  | 'not_succeeded'
  | 'already_paid'
  | 'cancelled';

const REFUSALS: Record<RefusalReason, { code: 'validation_failed' | 'conflict'; message: string }> =
  {
    unknown_intent: { code: 'validation_failed', message: 'No payment has this transaction id' },
    foreign_intent: { code: 'validation_failed', message: 'This payment is not for this order' },
    amount_mismatch: {
      code: 'validation_failed',
      message: 'This payment is not for the amount of this order',
    },
    not_succeeded: { code: 'conflict', message: 'This payment has not succeeded' },
    already_paid: { code: 'conflict', message: 'This order is already paid' },
    cancelled: { code: 'conflict', message: orderMessages.cancelled },
  };

/** PATCH /ordered/{id} refused: 422 for a transaction id that does not fit the order, else 409. */
export class PaymentRefusedError extends DomainError {
  constructor(readonly reason: RefusalReason) {
    const { code, message } = REFUSALS[reason];
    super(code, message, code === 'validation_failed' ? { transactionId: message } : undefined);
    this.name = 'PaymentRefusedError';
  }
}

function gatewayUnavailable(error: GatewayUnavailableError): DomainError {
  console.error('Payment gateway unavailable:', error);
  return unavailable('The payment provider is not reachable; try again shortly');
}

function sameCurrency(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * Reads the order for its owner, or for the holder of its private link: 404 for no such order,
 * 403 for someone else's.
 */
async function ownOrder(
  store: Store,
  orderId: string,
  caller: OrderCaller,
): Promise<StoredDoc<PayableOrderDoc>> {
  const order = isSafeId(orderId) ? await store.get<PayableOrderDoc>(ORDERS, orderId) : null;
  if (!order) throw notFound('Order');
  if (!mayActOn(order.id, order.data, caller)) {
    throw forbidden('Only the customer who placed this order can pay for it');
  }
  return order;
}

/** Still waiting for its payment (an expired order too, until the sweep has cancelled it). */
const isUnpaid = awaitsPayment;

/**
 * Marks the order paid, in the transaction that read it: the timeline says who reported the
 * payment (the provider's webhook, or the customer's page once the provider confirmed it), and the
 * customer is mailed.
 */
async function markPaid(
  tx: Transaction,
  order: StoredDoc<PayableOrderDoc>,
  payment: { intentId: string; by: 'gateway' | 'customer'; eventCreated?: number },
  deps: PaymentDeps,
): Promise<void> {
  const now = deps.clock();
  const fields: Partial<PayableOrderDoc> = {
    paid: true,
    transactionId: payment.intentId,
    paidAt: now.toISOString(),
  };
  if (payment.eventCreated !== undefined) fields.lastEventCreated = payment.eventCreated;
  await changeOrder(
    changeContext({ store: deps.store, config: { currency: deps.currency } }, tx, now),
    order,
    { action: 'pay', actor: payment.by, fields, mail: 'order_paid' },
  );
}

/**
 * The intent for an unpaid order of the caller, created once and reused when the payment page is
 * opened again. The amount is the stored order's total, never the client's; a `totalPrice` the
 * page sends must be that total (422 otherwise), so nobody pays an amount they were not shown.
 */
export async function getOrCreateIntent(
  deps: PaymentDeps,
  input: {
    orderId: string;
    caller: OrderCaller;
    totalPrice?: number | undefined;
  },
): Promise<{
  intentId: string;
  clientSecret: string;
  gateway: GatewayName;
  savesCards: boolean;
  savedCards: SavedCard[];
}> {
  const { store, gateway } = deps;
  const order = await ownOrder(store, input.orderId, input.caller);
  if (order.data.status === 'cancelled') throw new PaymentRefusedError('cancelled');
  if (!isUnpaid(order.data)) throw new PaymentRefusedError('already_paid');
  // Its stock is about to return to the shelf: a new payment for it is not taken.
  if (isExpired(order.data, deps.clock())) throw conflict(orderMessages.expired);
  const amount = order.data.totalPrice;
  if (input.totalPrice !== undefined && input.totalPrice !== amount) {
    throw validationFailed({
      totalPrice: `The order's total is ${formatMoney(amount, deps.currency.toUpperCase())}`,
    });
  }
  const currency = deps.currency.toLowerCase();

  const stored = await store.get<PaymentIntentDoc>(PAYMENT_INTENTS, order.id);
  if (
    stored &&
    !stored.data.canceledAt &&
    stored.data.gateway === gateway.name &&
    stored.data.amount === amount &&
    stored.data.currency === currency
  ) {
    const { intentId, clientSecret, customerId } = stored.data;
    return {
      intentId,
      clientSecret,
      gateway: gateway.name,
      savesCards: customerId !== undefined,
      savedCards: customerId === undefined ? [] : await cardsOf(deps, customerId),
    };
  }

  // A signed-in customer pays as their Customer at the gateway: saved cards, and saving one.
  const customerId = 'uid' in input.caller ? await ensureCustomer(deps, input.caller) : undefined;
  // An intent cancelled at the provider is replaced by a new one, under a key of its own.
  const attempt = stored?.data.canceledAt ? (stored.data.attempt ?? 0) + 1 : 0;
  let created;
  try {
    created = await gateway.createIntent({
      ...(customerId === undefined ? {} : { customerId }),
      orderId: order.id,
      amount,
      currency,
      email: order.data.email,
      description: `${await deps.shopName()} order ${orderNumber(order.id)}`,
      // Two pages opening at once, or a write below that fails, still get the one intent.
      idempotencyKey: `sprocket-order-${order.id}${attempt > 0 ? `-${attempt}` : ''}`,
    });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayUnavailable(error);
    if (error instanceof GatewayRequestError) {
      throw validationFailed({ totalPrice: error.message });
    }
    throw error;
  }
  const doc: PaymentIntentDoc = {
    gateway: gateway.name,
    ...created,
    amount,
    currency,
    createdAt: deps.clock().toISOString(),
    ...(customerId === undefined ? {} : { customerId }),
    ...(attempt > 0 ? { attempt } : {}),
  };
  await store.set(PAYMENT_INTENTS, order.id, doc);
  return {
    ...created,
    gateway: gateway.name,
    savesCards: customerId !== undefined,
    savedCards: customerId === undefined ? [] : await cardsOf(deps, customerId),
  };
}

/** A decision that needs the gateway before it can be recorded. */
type RefundDue = { outcome: 'refund'; reason: RefundReason; orderId: string };

/** What a verified event does to its order; reads only, so it can run before any write. */
async function decide(
  tx: Transaction,
  event: PaymentEvent,
  currency: string,
): Promise<
  | Exclude<PaymentEventResult, { outcome: 'refunded' | 'paid' }>
  | RefundDue
  | { outcome: 'paid'; orderId: string; order: StoredDoc<PayableOrderDoc>; intentId: string }
> {
  const { intent } = event;
  if (event.type !== 'payment_intent.succeeded' || !intent) {
    return { outcome: 'ignored', reason: 'unhandled_type' };
  }
  if (intent.status !== 'succeeded') return { outcome: 'ignored', reason: 'not_succeeded' };
  const { orderId } = intent;
  if (orderId === null) return { outcome: 'ignored', reason: 'no_order_id' };
  const order = isSafeId(orderId) ? await tx.get<PayableOrderDoc>(ORDERS, orderId) : null;
  if (!order) {
    // Money for an order that was deleted: refunded, if this shop made that intent (another
    // system sharing the Stripe account may put order ids of its own in metadata).
    const made = isSafeId(orderId)
      ? await tx.get<PaymentIntentDoc>(PAYMENT_INTENTS, orderId)
      : null;
    return made?.data.intentId === intent.intentId
      ? { outcome: 'refund', reason: 'order_gone', orderId }
      : { outcome: 'ignored', reason: 'unknown_order', orderId };
  }
  if (order.data.status === 'cancelled')
    return { outcome: 'refund', reason: 'order_cancelled', orderId };
  const { lastEventCreated } = order.data;
  if (lastEventCreated !== undefined && event.created < lastEventCreated) {
    return { outcome: 'ignored', reason: 'stale', orderId };
  }
  if (!isUnpaid(order.data)) return { outcome: 'ignored', reason: 'already_paid', orderId };
  if (!sameCurrency(intent.currency, currency)) {
    return { outcome: 'ignored', reason: 'currency_mismatch', orderId };
  }
  if (intent.amount !== order.data.totalPrice) {
    return { outcome: 'ignored', reason: 'amount_mismatch', orderId };
  }
  return { outcome: 'paid', orderId, order, intentId: intent.intentId };
}

const WORTH_A_WARNING: ReadonlySet<IgnoredReason> = new Set([
  'no_order_id',
  'unknown_order',
  'amount_mismatch',
  'currency_mismatch',
]);

/** Adds the gateway's note to the order's timeline, its status unchanged (if it still exists). */
function noteFromGateway(
  tx: Transaction,
  order: StoredDoc<OrderDoc> | null,
  now: Date,
  note: string,
): void {
  if (!order) return;
  tx.update(ORDERS, order.id, {
    timeline: withEntry(order.data, order.data.status, now, 'gateway', note),
  });
}

/**
 * A payment that succeeded for an order that is gone or cancelled: the money goes back through
 * the gateway (once, whatever the number of deliveries: the refund has an idempotency key), and
 * then the event and the refund are recorded. If the gateway cannot be reached, nothing is
 * recorded and the webhook answers 503, so the provider delivers the event again.
 */
async function refundPayment(
  deps: PaymentDeps,
  event: PaymentEvent,
  due: RefundDue,
): Promise<PaymentEventResult> {
  const intent = event.intent as IntentInfo;
  let refundId: string;
  try {
    ({ refundId } = await deps.gateway.refundIntent({
      intentId: intent.intentId,
      idempotencyKey: `sprocket-refund-${intent.intentId}`,
      reason: due.reason === 'order_gone' ? 'The order was deleted' : 'The order was cancelled',
    }));
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayUnavailable(error);
    // Asking again will not change the gateway's mind (a charge refunded or disputed already):
    // the event is answered, and the people who can sort it out are told.
    if (error instanceof GatewayRequestError) return recordFailedRefund(deps, event, due, error);
    throw error;
  }
  const now = deps.clock();
  const result: PaymentEventResult = {
    outcome: 'refunded',
    reason: due.reason,
    orderId: due.orderId,
    refundId,
  };
  console.warn(
    `Payment ${intent.intentId} for order ${due.orderId} refunded (${due.reason}): ` +
      `${intent.amount} ${intent.currency}, refund ${refundId}`,
  );
  return deps.store.runTransaction(async (tx) => {
    if (await tx.get(PAYMENT_EVENTS, event.id)) return { outcome: 'duplicate' } as const;
    const order = await tx.get<OrderDoc>(ORDERS, due.orderId);
    tx.set(PAYMENT_EVENTS, event.id, eventRecord(event, now, result));
    // The customer sees on the cancelled order why money came and went.
    noteFromGateway(
      tx,
      order,
      now,
      'A payment that arrived after the order was cancelled was refunded',
    );
    tx.set(REFUNDS, intent.intentId, {
      intentId: intent.intentId,
      orderId: due.orderId,
      amount: intent.amount,
      currency: intent.currency,
      reason: due.reason,
      refundId,
      eventId: event.id,
      createdAt: now.toISOString(),
    });
    return result;
  });
}

/** Refunds the gateway refused, by intent id: what an admin has to settle by hand. */
export const REFUND_FAILURES = 'refundFailures';

/** Each placeholder's value in the admins' note of a refund the gateway refused. */
export const refundFailedNoteValues = (failed: {
  orderId: string;
  /** Formatted, in the payment's currency. */
  amount: string;
  intentId: string;
  orderGone: boolean;
  providerMessage: string;
}): MailValues => ({
  orderNumber: orderNumber(failed.orderId),
  paymentAmount: failed.amount,
  paymentId: failed.intentId,
  orderFate: failed.orderGone ? 'deleted' : 'cancelled',
  providerMessage: failed.providerMessage,
});

/**
 * The gateway refused an automatic refund: the event is recorded (so it is not tried again and
 * the webhook answers 2xx, not a 500 that the provider would retry for days), the failure is kept
 * for the admins with the gateway's reason, each admin is mailed, and the order's timeline says so.
 */
async function recordFailedRefund(
  deps: PaymentDeps,
  event: PaymentEvent,
  due: RefundDue,
  error: GatewayRequestError,
): Promise<PaymentEventResult> {
  const intent = event.intent as IntentInfo;
  const now = deps.clock();
  const result: PaymentEventResult = {
    outcome: 'refund_failed',
    reason: due.reason,
    orderId: due.orderId,
  };
  console.error(
    `Automatic refund of payment ${intent.intentId} for order ${due.orderId} refused: ${error.message}`,
  );
  return deps.store.runTransaction(async (tx) => {
    if (await tx.get(PAYMENT_EVENTS, event.id)) return { outcome: 'duplicate' } as const;
    const order = await tx.get<OrderDoc>(ORDERS, due.orderId);
    const admins = await tx.query<UserDoc>(USERS, {
      where: [{ field: 'role', op: '==', value: 'admin' }],
    });
    const templates = await savedMailTemplates(tx);
    tx.set(PAYMENT_EVENTS, event.id, eventRecord(event, now, result));
    tx.set(REFUND_FAILURES, intent.intentId, {
      intentId: intent.intentId,
      orderId: due.orderId,
      amount: intent.amount,
      currency: intent.currency,
      reason: due.reason,
      gatewayMessage: error.message,
      eventId: event.id,
      createdAt: now.toISOString(),
    });
    noteFromGateway(
      tx,
      order,
      now,
      'A payment arrived after the order was cancelled; the shop will refund it',
    );
    const values = refundFailedNoteValues({
      orderId: due.orderId,
      amount: formatMoney(intent.amount, intent.currency.toUpperCase()),
      intentId: intent.intentId,
      orderGone: due.reason === 'order_gone',
      providerMessage: error.message,
    });
    for (const admin of admins.filter(({ data }) => holdsAdminRights(data, data.uid))) {
      queueMail(
        tx,
        `${intent.intentId}-shop_refund_failed-${admin.id}`,
        { to: admin.data.email, kind: 'shop_refund_failed', about: due.orderId, now },
        mailMessage('shop_refund_failed', templates, values),
      );
    }
    return result;
  });
}

/**
 * Deliveries of one event to this instance take turns: the first applies it and the others find
 * it recorded. Together, 100 of them kept failing each other's transactions on Firestore.
 */
const deliveries = localTurns(5_000, 'Deliveries of this event are waiting for each other');

/**
 * Applies a verified event once: the event id is recorded in the transaction that applies it, so
 * a redelivery finds it and changes nothing. A store failure rejects with nothing written, and
 * the webhook answers 5xx so the provider delivers the event again.
 */
export function handlePaymentEvent(
  deps: PaymentDeps,
  event: PaymentEvent,
): Promise<PaymentEventResult> {
  return deliveries.inTurn([event.id], async () => {
    // A redelivery of an event already applied is answered without a transaction: on Firestore
    // a transaction locks what it reads, and a burst of redeliveries would queue on those locks.
    // The check inside the transaction still decides when two instances race.
    if (await deps.store.get(PAYMENT_EVENTS, event.id)) return { outcome: 'duplicate' } as const;
    return applyPaymentEvent(deps, event);
  });
}

async function applyPaymentEvent(
  deps: PaymentDeps,
  event: PaymentEvent,
): Promise<PaymentEventResult> {
  if (event.type !== 'payment_intent.succeeded') return applyFollowUpEvent(deps, event);
  const result = await deps.store.runTransaction(async (tx) => {
    if (await tx.get(PAYMENT_EVENTS, event.id)) return { outcome: 'duplicate' } as const;
    const decision = await decide(tx, event, deps.currency);
    if (decision.outcome === 'refund') return decision;
    const now = deps.clock();
    if (decision.outcome === 'paid') {
      const { order, intentId, ...result } = decision;
      await markPaid(tx, order, { intentId, by: 'gateway', eventCreated: event.created }, deps);
      tx.set(PAYMENT_EVENTS, event.id, eventRecord(event, now, result));
      return result;
    }
    tx.set(PAYMENT_EVENTS, event.id, eventRecord(event, now, decision));
    return decision;
  });
  if (result.outcome === 'refund') return refundPayment(deps, event, result);
  if (result.outcome === 'ignored' && WORTH_A_WARNING.has(result.reason)) {
    const intent = event.intent as IntentInfo;
    console.warn(
      `Payment event ${event.id} (${event.type}) ignored: ${result.reason}; ` +
        `order ${intent.orderId ?? '-'}, intent ${intent.intentId}, ` +
        `${intent.amount} ${intent.currency}`,
    );
  }
  return result;
}

/**
 * The webhook endpoint's work: verify the signature against the raw body (400 if it fails), then
 * apply the event. Every verified event is answered 2xx, also the ones that change nothing.
 */
export async function receiveWebhook(
  deps: PaymentDeps,
  rawBody: string | Uint8Array,
  signatureHeader: string | undefined,
): Promise<PaymentEventResult> {
  let event: PaymentEvent;
  try {
    event = deps.gateway.verifyWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      throw badRequest(`Webhook refused: ${error.message}`);
    }
    throw error;
  }
  return handlePaymentEvent(deps, event);
}

/**
 * Marks the caller's order paid with `transactionId` once the gateway confirms that this intent
 * belongs to the order, succeeded, and is for the order's amount. Repeating it changes nothing
 * (modifiedCount 0); any other intent is refused with a PaymentRefusedError.
 */
export async function confirmOrderPayment(
  deps: PaymentDeps,
  input: { orderId: string; caller: OrderCaller; transactionId: string },
): Promise<{ modifiedCount: 0 | 1 }> {
  const { store, gateway } = deps;
  const transactionId = input.transactionId.trim();
  const order = await ownOrder(store, input.orderId, input.caller);
  if (order.data.status === 'cancelled') throw new PaymentRefusedError('cancelled');
  if (!isUnpaid(order.data)) {
    if (order.data.transactionId === transactionId) return { modifiedCount: 0 };
    throw new PaymentRefusedError('already_paid');
  }
  if (!isIntentId(transactionId)) throw new PaymentRefusedError('unknown_intent');

  let intent: IntentInfo;
  try {
    intent = await gateway.retrieveIntent(transactionId);
  } catch (error) {
    if (error instanceof IntentNotFoundError) throw new PaymentRefusedError('unknown_intent');
    if (error instanceof GatewayUnavailableError) throw gatewayUnavailable(error);
    throw error;
  }
  if (intent.orderId !== order.id) throw new PaymentRefusedError('foreign_intent');
  if (intent.amount !== order.data.totalPrice || !sameCurrency(intent.currency, deps.currency)) {
    throw new PaymentRefusedError('amount_mismatch');
  }
  if (intent.status !== 'succeeded') throw new PaymentRefusedError('not_succeeded');

  return store.runTransaction(async (tx) => {
    const current = await tx.get<PayableOrderDoc>(ORDERS, order.id);
    if (!current) throw notFound('Order');
    if (current.data.status === 'cancelled') throw new PaymentRefusedError('cancelled');
    if (!isUnpaid(current.data)) {
      // The webhook got there first with the same intent: nothing left to do.
      if (current.data.transactionId === transactionId) return { modifiedCount: 0 };
      throw new PaymentRefusedError('already_paid');
    }
    await markPaid(tx, current, { intentId: transactionId, by: 'customer' }, deps);
    return { modifiedCount: 1 };
  });
}

/** The payments the order routes ask for (orders.routes.ts OrderPayments). */
export const orderPaymentsOf = (deps: PaymentDeps): OrderPayments => ({
  async intentFor(orderId, caller) {
    try {
      const { clientSecret, gateway, savesCards, savedCards } = await getOrCreateIntent(deps, {
        orderId,
        caller,
      });
      return { clientSecret, gateway, savesCards, savedCards };
    } catch (error) {
      console.warn(`No payment intent yet for order ${orderId}:`, error);
      return null;
    }
  },
  confirm: (input) => confirmOrderPayment(deps, input),
});
