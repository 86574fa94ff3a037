/** The simulated PaymentIntents: the stored intent and its Stripe JSON; create, read, cancel. */
import { createHash } from 'node:crypto';
import type { DocData, Transaction } from '../../store/port.js';
import {
  GatewayRequestError,
  IntentNotFoundError,
  isIntentId,
  type CreatedIntent,
  type CreateIntentInput,
  type IntentInfo,
  type IntentStatus,
  type PaymentGateway,
} from '../port.js';
import type { StripeIntentJson } from '../webhook-event.js';
import { checkAmount } from './amount-limits.js';
import type { SimulatedContext } from './context.js';
import type { SimulatedCard } from './customers.js';
import { alphanumeric } from './random-id.js';
import type { CardBrand, CardError } from './test-cards.js';

export const SIMULATED_INTENTS = 'simulatedIntents';

/** The card a confirmation pays with, kept on the intent while its authentication is pending. */
export type PendingCard = SimulatedCard & {
  /** Save it to the intent's Customer once paid (`setup_future_usage: 'off_session'`). */
  save: boolean;
  /** The saved card it is, when the shopper picked one. */
  savedId: string | null;
  billingName: string | null;
  billingEmail: string | null;
};

/** A refund of a simulated payment. */
export type SimulatedRefund = {
  refundId: string;
  /** Null for a refund made in the Dashboard. */
  idempotencyKey: string | null;
  reason: string;
  amount: number;
  created: number;
  metadata: Record<string, string>;
};

export type SimulatedIntentDoc = {
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
  /** The Customer whose saved cards may pay it (none for a guest's order). */
  customerId?: string | null;
  /** The card waiting for its 3-D Secure answer while the intent is in requires_action. */
  pendingCard?: PendingCard | null;
  billingName: string | null;
  billingEmail: string | null;
  /** The payment_intent.succeeded event, once there is one. */
  succeededEventId: string | null;
  /** Every refund of the payment, oldest first. */
  refunds?: SimulatedRefund[];
  /** The cardholder's dispute of the payment, once there is one. */
  dispute?: { disputeId: string; reason: string; status: string; created: number };
} & DocData;

export function intentJson(id: string, doc: SimulatedIntentDoc): StripeIntentJson {
  const error = doc.lastPaymentError;
  return {
    id,
    object: 'payment_intent',
    amount: doc.amount,
    currency: doc.currency,
    status: doc.status,
    metadata: { orderId: doc.orderId },
    // Stripe sends it as null once paid; the pages read the intent without it, as before.
    ...(error
      ? {
          last_payment_error: {
            type: error.type,
            code: error.code,
            message: error.message,
            ...(error.decline_code === undefined ? {} : { decline_code: error.decline_code }),
          },
        }
      : {}),
  };
}

/** Reads the intent in `tx`, or throws IntentNotFoundError. */
export async function intentIn(tx: Transaction, intentId: string) {
  const doc = isIntentId(intentId)
    ? await tx.get<SimulatedIntentDoc>(SIMULATED_INTENTS, intentId)
    : null;
  if (!doc) throw new IntentNotFoundError(intentId);
  return doc.data;
}

/** The port's intent calls: create one per idempotency key, read it, cancel it. */
export function simulatedIntents({
  store,
  unixNow,
  emit,
}: SimulatedContext): Pick<PaymentGateway, 'createIntent' | 'retrieveIntent' | 'cancelIntent'> {
  return {
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
          customerId: input.customerId ?? null,
          pendingCard: null,
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

    /**
     * Cancels an open intent and delivers `payment_intent.canceled`; answers the status, which stays
     * 'succeeded' (or 'canceled') for an intent past being cancelled.
     */
    async cancelIntent(intentId: string): Promise<IntentStatus> {
      const outcome = await store.runTransaction(async (tx) => {
        const doc = await intentIn(tx, intentId);
        if (doc.status === 'succeeded' || doc.status === 'canceled') {
          return { status: doc.status, canceled: null };
        }
        const canceled = { ...doc, status: 'canceled' as const };
        tx.update(SIMULATED_INTENTS, intentId, { status: 'canceled' });
        return { status: canceled.status, canceled: intentJson(intentId, canceled) };
      });
      if (outcome.canceled) await emit('payment_intent.canceled', outcome.canceled);
      return outcome.status;
    },
  };
}
