/** How a card payment ends (paid, waiting, refused); then Stripe's events, stripe.js's answer. */
import { timingSafeEqual } from 'node:crypto';
import type { Transaction } from '../../store/port.js';
import type { CardConfirmation } from '../port.js';
import type { StripeIntentJson } from '../webhook-event.js';
import type { SimulatedContext } from './context.js';
import { saveCard, type SimulatedCustomer } from './customers.js';
import {
  intentJson,
  SIMULATED_INTENTS,
  type PendingCard,
  type SimulatedIntentDoc,
} from './intents.js';
import { alphanumeric } from './random-id.js';
import type { CardError } from './test-cards.js';
import type { DeliveryReport } from './webhook-delivery.js';

/** What the simulated element sends: the port's CardConfirmation (a new, saved or wallet card). */
export type ConfirmCardInput = CardConfirmation;

/** What stripe.js's confirmCardPayment resolves with on success. */
export type ConfirmedIntent = StripeIntentJson & { status: 'succeeded' };

/** An intent waiting for the cardholder to authenticate, as stripe.js hands it to the page. */
export type AwaitingAuthentication = StripeIntentJson & { status: 'requires_action' };

/**
 * stripe.js's confirmPayment result: the succeeded intent, the intent waiting for 3-D Secure
 * (the page shows the authentication step, then calls authenticate), or the provider's error.
 */
export type ConfirmCardResult =
  | { paymentIntent: ConfirmedIntent; delivery: DeliveryReport }
  | { paymentIntent: AwaitingAuthentication }
  | { error: CardError };

/** A confirmation's result in the transaction: refused, declined (an event to send), or paid. */
export type ConfirmOutcome =
  | { error: CardError; failed?: StripeIntentJson }
  | { action: AwaitingAuthentication }
  | { intent: ConfirmedIntent; eventId: string };

export const requestError = (
  code: string,
  message: string,
  param?: string,
): { error: CardError } => ({
  error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) },
});

const CLIENT_SECRET = /^(pi_[A-Za-z0-9]+)_secret_([A-Za-z0-9]+)$/;

/** The intent a client secret (`pi_…_secret_…`) is for, and the secret; null for anything else. */
export function parseClientSecret(
  clientSecret: string | undefined,
): { intentId: string; secret: string } | null {
  const match = CLIENT_SECRET.exec(String(clientSecret ?? '').trim());
  return match ? { intentId: match[1] as string, secret: match[0] } : null;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Reads in `tx` the intent whose client secret this is: Stripe's resource_missing otherwise. */
export async function intentWithSecret(
  tx: Transaction,
  { intentId, secret }: { intentId: string; secret: string },
): Promise<{ intent: SimulatedIntentDoc } | { error: CardError }> {
  const stored = await tx.get<SimulatedIntentDoc>(SIMULATED_INTENTS, intentId);
  if (!stored || !sameSecret(stored.data.clientSecret, secret)) {
    return requestError('resource_missing', `No such payment_intent: '${intentId}'`);
  }
  return { intent: stored.data };
}

/** Refuses the attempt in `tx` with `error`: the intent stays open for another card, as Stripe's does. */
export function refuse(
  tx: Transaction,
  intentId: string,
  intent: SimulatedIntentDoc,
  error: CardError,
): ConfirmOutcome {
  const failed: SimulatedIntentDoc = {
    ...intent,
    status: 'requires_payment_method',
    lastPaymentError: error,
    pendingCard: null,
  };
  tx.set(SIMULATED_INTENTS, intentId, failed);
  return { error, failed: intentJson(intentId, failed) };
}

/** Paying the intent in the transaction, and answering the page after it. */
export function settlement({ unixNow, emit }: SimulatedContext) {
  return {
    /**
     * Pays the intent with `card` in the transaction that read it (and its Customer): succeeded,
     * the card saved to the Customer when asked, and the succeeded event's id chosen.
     */
    succeed(
      tx: Transaction,
      intentId: string,
      intent: SimulatedIntentDoc,
      card: PendingCard,
      customer: SimulatedCustomer | null,
    ): ConfirmOutcome {
      if (card.save && customer) saveCard(tx, customer, card, unixNow);
      const eventId = `evt_${alphanumeric(12)}`;
      const succeeded: SimulatedIntentDoc = {
        ...intent,
        status: 'succeeded',
        lastPaymentError: null,
        paymentMethod: { brand: card.brand, last4: card.last4 },
        billingName: card.billingName,
        billingEmail: card.billingEmail,
        succeededEventId: eventId,
        pendingCard: null,
      };
      tx.set(SIMULATED_INTENTS, intentId, succeeded);
      return { intent: { ...intentJson(intentId, succeeded), status: 'succeeded' }, eventId };
    },

    /** After the transaction: the events Stripe sends about the attempt, then stripe.js's answer. */
    async finish(outcome: ConfirmOutcome): Promise<ConfirmCardResult> {
      if ('error' in outcome) {
        // Stripe tells the shop of each declined attempt (payment_intent.payment_failed).
        if (outcome.failed) await emit('payment_intent.payment_failed', outcome.failed);
        return { error: outcome.error };
      }
      if ('action' in outcome) return { paymentIntent: outcome.action };
      const delivery = await emit('payment_intent.succeeded', outcome.intent, outcome.eventId);
      return { paymentIntent: outcome.intent, delivery };
    },
  };
}
