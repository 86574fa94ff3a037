/**
 * Stripe's event JSON, as both gateways send it, turned into the port's PaymentEvent. Only the
 * fields the shop acts on are read; anything malformed is a WebhookVerificationError, because a
 * correctly signed event from either gateway always has them.
 */
import {
  isIntentId,
  isIntentStatus,
  WebhookVerificationError,
  type IntentStatus,
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
}

/** The part of a Stripe Event the shop reads. */
export interface StripeEventJson {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: StripeIntentJson | { id: string; object: string } };
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
    },
  };
}
