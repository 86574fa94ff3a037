/**
 * Stripe's event JSON, as both gateways send it, turned into the port's PaymentEvent. Only the
 * fields the shop acts on are read; anything malformed is a WebhookVerificationError, because a
 * correctly signed event from either gateway always has them.
 */
import {
  isIntentId,
  isIntentStatus,
  WebhookVerificationError,
  type ChargeInfo,
  type DisputeInfo,
  type IntentStatus,
  type PaymentError,
  type PaymentEvent,
} from './port.js';

/** Event ids become document ids, so they must be safe for both stores. */
const EVENT_ID = /^evt_[A-Za-z0-9_]{1,120}$/;

/** The part of a Stripe PaymentIntent that events carry and the shop reads. */
export interface StripeIntentJson {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  last_payment_error?: {
    type?: string;
    code?: string;
    decline_code?: string;
    message?: string;
  } | null;
}

/** The part of a Stripe Charge that `charge.refunded` carries and the shop reads. */
export interface StripeChargeJson {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string | null;
  refunded: boolean;
}

/** The part of a Stripe Dispute that `charge.dispute.*` carries and the shop reads. */
export interface StripeDisputeJson {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string | null;
  reason: string;
  status: string;
}

/** The part of a Stripe Event the shop reads. */
export interface StripeEventJson {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: {
    object:
      StripeIntentJson | StripeChargeJson | StripeDisputeJson | { id: string; object: string };
  };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function malformed(what: string): WebhookVerificationError {
  return new WebhookVerificationError(`Malformed event: ${what}`);
}

export function toPaymentEvent(raw: unknown): PaymentEvent {
  if (!isObject(raw) || raw.object !== 'event') throw malformed('not an event');
  const { id, type, created, data } = raw;
  if (typeof id !== 'string' || !EVENT_ID.test(id)) throw malformed('id');
  if (typeof type !== 'string' || type === '') throw malformed('type');
  if (typeof created !== 'number' || !Number.isInteger(created)) throw malformed('created');
  if (!isObject(data) || !isObject(data.object)) throw malformed('data.object');
  const object = data.object;
  // Read in full for the events the shop acts on; other events about charges pass by.
  if (type === 'charge.refunded' && object.object === 'charge') {
    return { id, type, created, intent: null, charge: toCharge(object) };
  }
  if (type.startsWith('charge.dispute.') && object.object === 'dispute') {
    return { id, type, created, intent: null, dispute: toDispute(object) };
  }
  if (object.object !== 'payment_intent') return { id, type, created, intent: null };

  const { id: intentId, amount, currency, status, metadata } = object;
  if (typeof intentId !== 'string' || !isIntentId(intentId)) throw malformed('intent id');
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw malformed('intent amount');
  if (typeof currency !== 'string') throw malformed('intent currency');
  if (!isIntentStatus(status)) throw malformed('intent status');
  const orderId =
    isObject(metadata) && typeof metadata.orderId === 'string' ? metadata.orderId : null;
  return {
    id,
    type,
    created,
    intent: {
      intentId,
      amount,
      currency: currency.toLowerCase(),
      status,
      orderId,
      ...(isObject(object.last_payment_error)
        ? { lastPaymentError: toPaymentError(object.last_payment_error) }
        : {}),
    },
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const whole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

/** An expandable id field: Stripe sends the id, or the object when the request expanded it. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return isObject(value) && typeof value.id === 'string' ? value.id : null;
}

/** The intent a charge or dispute names, when it is one the shop could have made. */
function intentIdOf(value: unknown): string | null {
  const intentId = idOf(value);
  return intentId !== null && isIntentId(intentId) ? intentId : null;
}

function toPaymentError(raw: Json): PaymentError {
  return {
    // Stripe always says why; a bare code still gets a sentence rather than nothing.
    message: text(raw.message) ?? 'The payment was not accepted.',
    code: text(raw.code),
    declineCode: text(raw.decline_code),
  };
}

function toCharge(raw: Json): ChargeInfo {
  const { id, amount, amount_refunded, currency } = raw;
  if (typeof id !== 'string' || id === '') throw malformed('charge id');
  if (!whole(amount) || !whole(amount_refunded)) throw malformed('charge amounts');
  if (typeof currency !== 'string') throw malformed('charge currency');
  return {
    chargeId: id,
    intentId: intentIdOf(raw.payment_intent),
    amount,
    amountRefunded: amount_refunded,
    currency: currency.toLowerCase(),
  };
}

function toDispute(raw: Json): DisputeInfo {
  const { id, amount, currency, reason, status } = raw;
  const chargeId = idOf(raw.charge);
  if (typeof id !== 'string' || id === '') throw malformed('dispute id');
  if (chargeId === null) throw malformed('dispute charge');
  if (!whole(amount)) throw malformed('dispute amount');
  if (typeof currency !== 'string') throw malformed('dispute currency');
  if (typeof reason !== 'string' || typeof status !== 'string') throw malformed('dispute status');
  return {
    disputeId: id,
    chargeId,
    intentId: intentIdOf(raw.payment_intent),
    amount,
    currency: currency.toLowerCase(),
    reason,
    status,
  };
}
