/**
 * The simulated gateway (docs/architecture.md §6): the local default, with no network. It behaves like Stripe's
 * test mode — intents with client secrets, one per idempotency key, confirmed by a card that
 * follows Stripe's test card numbers — and on success delivers a `payment_intent.succeeded`
 * event, shaped and signed exactly as Stripe's, to the shop's own webhook handler, retrying while
 * the handler fails. Its intents live in the Store, so every functions worker sees the same ones.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatMoney } from '@sprocket/contract';
import type { DocData, Store } from '../../store/port.js';
import {
  GatewayRequestError,
  IntentNotFoundError,
  isIntentId,
  type CardConfirmingGateway,
  type CreatedIntent,
  type CreateIntentInput,
  type DeliverWebhook,
  type IntentInfo,
  type IntentStatus,
  type PaymentEvent,
  type RefundInput,
} from '../port.js';
import {
  signStripePayload,
  installedStripeApiVersion,
  verifyStripeWebhook,
} from '../webhook-signature.js';
import type { StripeEventJson, StripeIntentJson } from '../webhook-event.js';
import { checkCard, type CardBrand, type CardError, type CardInput } from './test-cards.js';

export const SIMULATED_INTENTS = 'simulatedIntents';

export type { DeliverWebhook };

export interface SimulatedGatewayOptions {
  store: Store;
  /** Shared by every process that signs or verifies ("whsec_..." like Stripe's). */
  webhookSecret: string;
  deliver: DeliverWebhook;
  clock?: () => Date;
  /** Delivery retries while the handler answers ≥ 500 or throws: attempts, and the first pause. */
  delivery?: { attempts?: number; firstDelayMs?: number };
}

export interface ConfirmCardInput extends CardInput {
  clientSecret: string;
  billingName?: string;
  billingEmail?: string;
}

/** What stripe.js's confirmCardPayment resolves with on success. */
export type ConfirmedIntent = StripeIntentJson & { status: 'succeeded' };

export interface DeliveryReport {
  /** Whether the webhook handler answered 2xx. */
  delivered: boolean;
  attempts: number;
  /** The handler's last status; absent when every attempt threw. */
  status?: number;
}

/** stripe.js's confirmCardPayment result: the succeeded intent, or the provider's error. */
export type ConfirmCardResult =
  { paymentIntent: ConfirmedIntent; delivery: DeliveryReport } | { error: CardError };

export interface SimulatedGateway extends CardConfirmingGateway {
  readonly name: 'simulated';
  confirmCard(input: ConfirmCardInput): Promise<ConfirmCardResult>;
}

type SimulatedIntentDoc = {
  amount: number;
  currency: string;
  status: IntentStatus;
  orderId: string;
  email: string;
  clientSecret: string;
  idempotencyKey: string;
  /** Unix seconds. */
  created: number;
  lastPaymentError: CardError | null;
  paymentMethod: { brand: CardBrand; last4: string } | null;
  billingName: string | null;
  billingEmail: string | null;
  /** The payment_intent.succeeded event, once there is one. */
  succeededEventId: string | null;
  /** Set once the payment was refunded (in full). */
  refund?: { refundId: string; idempotencyKey: string; reason: string; created: number };
} & DocData;

const CLIENT_SECRET = /^(pi_[A-Za-z0-9]+)_secret_([A-Za-z0-9]+)$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_AMOUNT = 99_999_999;

const requestError = (code: string, message: string, param?: string): { error: CardError } => ({
  error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) },
});

const alphanumeric = (bytes: number) => randomBytes(bytes).toString('hex');

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function intentJson(id: string, doc: SimulatedIntentDoc): StripeIntentJson {
  return {
    id,
    object: 'payment_intent',
    amount: doc.amount,
    currency: doc.currency,
    status: doc.status,
    metadata: { orderId: doc.orderId },
  };
}

/**
 * Stripe's minimum charge per currency, in that currency's minor unit (docs.stripe.com/currencies,
 * "Minimum and maximum charge amounts"); other currencies are checked by Stripe after conversion,
 * which a simulation cannot do.
 */
const MIN_AMOUNT: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  jpy: 50,
  aud: 50,
  cad: 50,
  chf: 50,
  nzd: 50,
  sgd: 50,
  inr: 50,
  brl: 50,
  dkk: 250,
  nok: 300,
  sek: 300,
  pln: 200,
  czk: 1500,
  hkd: 400,
  mxn: 1000,
};

/** The amount rules of Stripe's API that a shop can run into, with Stripe's messages. */
function checkAmount(amount: number, currency: string): void {
  if (!Number.isInteger(amount) || amount < 1) {
    throw new GatewayRequestError('This value must be greater than or equal to 1.');
  }
  const minimum = MIN_AMOUNT[currency];
  if (minimum !== undefined && amount < minimum) {
    throw new GatewayRequestError(
      `Amount must be at least ${formatMoney(minimum, currency)} ${currency}`,
    );
  }
  if (amount > MAX_AMOUNT) {
    throw new GatewayRequestError(
      `Amount must be no more than ${formatMoney(MAX_AMOUNT, currency)}`,
    );
  }
}

export function createSimulatedGateway(options: SimulatedGatewayOptions): SimulatedGateway {
  const { store, webhookSecret, deliver } = options;
  const clock = options.clock ?? (() => new Date());
  const attempts = options.delivery?.attempts ?? 5;
  const firstDelayMs = options.delivery?.firstDelayMs ?? 200;
  const unixNow = () => Math.floor(clock().getTime() / 1000);

  /** Sends the event as Stripe does: signed afresh on every attempt, the same body each time. */
  async function deliverEvent(rawBody: string): Promise<DeliveryReport> {
    let status: number | undefined;
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        ({ status } = await deliver(rawBody, signStripePayload(rawBody, webhookSecret, unixNow())));
        if (status < 500) {
          if (status >= 300) console.warn(`Simulated webhook refused with HTTP ${status}`);
          return { delivered: status < 300, attempts: attempt, status };
        }
      } catch (error) {
        status = undefined;
        lastError = error;
      }
      if (attempt < attempts) await sleep(firstDelayMs * 2 ** (attempt - 1));
    }
    console.error(
      `Simulated webhook not delivered after ${attempts} attempts:`,
      status === undefined ? lastError : `HTTP ${status}`,
    );
    return { delivered: false, attempts, ...(status === undefined ? {} : { status }) };
  }

  return {
    name: 'simulated',

    async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
      const currency = input.currency.toLowerCase();
      checkAmount(input.amount, currency);
      // Like Stripe's Idempotency-Key: the key picks the intent, so a repeat finds the first one.
      const intentId = `pi_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      return store.runTransaction(async (tx) => {
        const existing = await tx.get<SimulatedIntentDoc>(SIMULATED_INTENTS, intentId);
        if (existing) {
          const same =
            existing.data.idempotencyKey === input.idempotencyKey &&
            existing.data.amount === input.amount &&
            existing.data.currency === currency &&
            existing.data.orderId === input.orderId;
          if (!same) {
            throw new GatewayRequestError(
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            );
          }
          return { intentId, clientSecret: existing.data.clientSecret };
        }
        const doc: SimulatedIntentDoc = {
          amount: input.amount,
          currency,
          status: 'requires_payment_method',
          orderId: input.orderId,
          email: input.email,
          clientSecret: `${intentId}_secret_${alphanumeric(12)}`,
          idempotencyKey: input.idempotencyKey,
          created: unixNow(),
          lastPaymentError: null,
          paymentMethod: null,
          billingName: null,
          billingEmail: null,
          succeededEventId: null,
        };
        tx.set(SIMULATED_INTENTS, intentId, doc);
        return { intentId, clientSecret: doc.clientSecret };
      });
    },

    async retrieveIntent(intentId: string): Promise<IntentInfo> {
      const doc = isIntentId(intentId)
        ? await store.get<SimulatedIntentDoc>(SIMULATED_INTENTS, intentId)
        : null;
      if (!doc) throw new IntentNotFoundError(intentId);
      const { amount, currency, status, orderId } = doc.data;
      return { intentId, amount, currency, status, orderId };
    },

    async cancelIntent(intentId: string): Promise<IntentStatus> {
      return store.runTransaction(async (tx) => {
        const doc = isIntentId(intentId)
          ? await tx.get<SimulatedIntentDoc>(SIMULATED_INTENTS, intentId)
          : null;
        if (!doc) throw new IntentNotFoundError(intentId);
        if (doc.data.status === 'succeeded' || doc.data.status === 'canceled') {
          return doc.data.status;
        }
        tx.update(SIMULATED_INTENTS, intentId, { status: 'canceled' });
        return 'canceled';
      });
    },

    async refundIntent(input: RefundInput) {
      return store.runTransaction(async (tx) => {
        const doc = isIntentId(input.intentId)
          ? await tx.get<SimulatedIntentDoc>(SIMULATED_INTENTS, input.intentId)
          : null;
        if (!doc) throw new IntentNotFoundError(input.intentId);
        const { refund, status } = doc.data;
        if (refund) {
          if (refund.idempotencyKey === input.idempotencyKey) return { refundId: refund.refundId };
          throw new GatewayRequestError(
            `Charge for payment_intent ${input.intentId} has already been refunded.`,
          );
        }
        if (status !== 'succeeded') {
          throw new GatewayRequestError(
            `This PaymentIntent (${input.intentId}) does not have a successful charge to refund.`,
          );
        }
        const refundId = `re_${alphanumeric(12)}`;
        tx.update(SIMULATED_INTENTS, input.intentId, {
          refund: {
            refundId,
            idempotencyKey: input.idempotencyKey,
            reason: input.reason,
            created: unixNow(),
          },
        });
        return { refundId };
      });
    },

    verifyWebhook(rawBody, signatureHeader): PaymentEvent {
      return verifyStripeWebhook(rawBody, signatureHeader, webhookSecret, {
        receivedAtMs: clock().getTime(),
      });
    },

    async confirmCard(input: ConfirmCardInput): Promise<ConfirmCardResult> {
      const secret = CLIENT_SECRET.exec(String(input.clientSecret ?? '').trim());
      if (!secret) {
        return requestError(
          'parameter_invalid_string',
          'Invalid client secret: it should look like pi_..._secret_....',
          'client_secret',
        );
      }
      const intentId = secret[1] as string;
      const checked = checkCard(input, clock());
      if ('code' in checked) return { error: checked };
      const billingEmail = input.billingEmail?.trim() || null;
      if (billingEmail !== null && !EMAIL.test(billingEmail)) {
        return requestError(
          'email_invalid',
          `Invalid email address: ${billingEmail}`,
          'billing_details[email]',
        );
      }

      const outcome = await store.runTransaction(async (tx) => {
        const stored = await tx.get<SimulatedIntentDoc>(SIMULATED_INTENTS, intentId);
        if (!stored || !sameSecret(stored.data.clientSecret, secret[0])) {
          return requestError('resource_missing', `No such payment_intent: '${intentId}'`);
        }
        const intent = stored.data;
        if (intent.status === 'succeeded') {
          return requestError(
            'payment_intent_unexpected_state',
            'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
          );
        }
        if (intent.status === 'canceled') {
          return requestError(
            'payment_intent_unexpected_state',
            'You cannot confirm this PaymentIntent because it has a status of canceled.',
          );
        }
        if (checked.outcome.kind === 'error') {
          // A declined attempt leaves the intent open for another card, as Stripe does.
          tx.update(SIMULATED_INTENTS, intentId, {
            status: 'requires_payment_method',
            lastPaymentError: checked.outcome.error,
          });
          return { error: checked.outcome.error };
        }
        const eventId = `evt_${alphanumeric(12)}`;
        const succeeded: SimulatedIntentDoc = {
          ...intent,
          status: 'succeeded',
          lastPaymentError: null,
          paymentMethod: { brand: checked.brand, last4: checked.last4 },
          billingName: input.billingName?.trim() || null,
          billingEmail,
          succeededEventId: eventId,
        };
        tx.set(SIMULATED_INTENTS, intentId, succeeded);
        const confirmed: ConfirmedIntent = {
          ...intentJson(intentId, succeeded),
          status: 'succeeded',
        };
        return { intent: confirmed, eventId };
      });
      if ('error' in outcome) return outcome;

      const event: StripeEventJson & Record<string, unknown> = {
        id: outcome.eventId,
        object: 'event',
        api_version: installedStripeApiVersion(),
        created: unixNow(),
        data: { object: outcome.intent },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'payment_intent.succeeded',
      };
      const delivery = await deliverEvent(JSON.stringify(event, null, 2));
      return { paymentIntent: outcome.intent, delivery };
    },
  };
}
