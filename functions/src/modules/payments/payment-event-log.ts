/**
 * The webhook's record of each event it applied (`paymentEvents`, by event id: what makes every
 * event count once) and the words both payments.service.ts and payment-events.ts answer in.
 */
import type { DocData, Store } from '../../store/port.js';
import type { PaymentEvent, PaymentGateway } from '../../payments/port.js';

export const PAYMENT_EVENTS = 'paymentEvents';

export interface PaymentDeps {
  store: Store;
  gateway: PaymentGateway;
  clock: () => Date;
  /** The shop currency (SHOP_CURRENCY), any case. */
  currency: string;
  /** The shop's time zone (SHOP_TIME_ZONE): the day a payment counts in (decision 070). */
  timeZone: string;
  /** The brand's name, which a payment's description carries to the card statement (104). */
  shopName: () => Promise<string>;
}

export type IgnoredReason =
  | 'unhandled_type'
  | 'not_succeeded'
  | 'no_order_id'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'stale'
  | 'already_paid';

/** Why a payment was given back. */
export type RefundReason = 'order_gone' | 'order_cancelled';

export type PaymentEventResult =
  | { outcome: 'paid'; orderId: string }
  /** A later event reached the order: a failure, a cancellation, a refund, a dispute (069). */
  | { outcome: 'recorded'; orderId: string }
  | { outcome: 'refunded'; reason: RefundReason; orderId: string; refundId: string }
  /** The gateway refused the automatic refund: recorded, the admins mailed, to be done by hand. */
  | { outcome: 'refund_failed'; reason: RefundReason; orderId: string }
  | { outcome: 'duplicate' }
  | { outcome: 'ignored'; reason: IgnoredReason; orderId?: string };

export function eventRecord(event: PaymentEvent, now: Date, result: PaymentEventResult): DocData {
  return {
    type: event.type,
    created: event.created,
    intentId: event.intent?.intentId ?? event.charge?.intentId ?? event.dispute?.intentId ?? null,
    orderId: event.intent?.orderId ?? ('orderId' in result ? result.orderId : null) ?? null,
    outcome: result.outcome,
    reason: 'reason' in result ? result.reason : null,
    refundId: result.outcome === 'refunded' ? result.refundId : null,
    receivedAt: now.toISOString(),
  };
}
