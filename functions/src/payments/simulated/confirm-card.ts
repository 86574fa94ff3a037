/** Confirming an intent as stripe.js does: a new card (Stripe's test cards), saved card, wallet. */
import { isPaymentMethodId, type IntentStatus } from '../port.js';
import {
  intentWithSecret,
  parseClientSecret,
  refuse,
  requestError,
  settlement,
  type ConfirmCardInput,
  type ConfirmCardResult,
  type ConfirmOutcome,
} from './confirmation.js';
import type { SimulatedContext } from './context.js';
import { customerIn } from './customers.js';
import {
  intentJson,
  SIMULATED_INTENTS,
  type PendingCard,
  type SimulatedIntentDoc,
} from './intents.js';
import { checkCard, type CardError, type CardOutcome } from './test-cards.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The card test wallets give: Stripe's Visa test card, as Apple Pay or Google Pay hands it over. */
const WALLET_CARD = { brand: 'visa', last4: '4242', expMonth: 12 } as const;

/** A new card as the confirmation reads it, before the intent says what to do with it. */
type NewCard = Pick<PendingCard, 'brand' | 'last4' | 'expMonth' | 'expYear' | 'wallet'>;

/**
 * What the shopper pays with: a new card checked as Stripe's test mode does (or a wallet's card),
 * or a saved card, looked up in the transaction.
 */
function methodOf(
  input: ConfirmCardInput,
  now: Date,
): { saved: string } | { card: NewCard; outcome: CardOutcome } | { error: CardError } {
  // An empty field is no choice, as in Stripe's form-encoded requests.
  if (input.paymentMethodId) {
    return isPaymentMethodId(input.paymentMethodId)
      ? { saved: input.paymentMethodId }
      : requestError(
          'resource_missing',
          `No such PaymentMethod: '${input.paymentMethodId}'`,
          'payment_method',
        );
  }
  if (input.wallet) {
    return {
      card: { ...WALLET_CARD, expYear: now.getUTCFullYear() + 3, wallet: input.wallet },
      outcome: { kind: 'success' },
    };
  }
  const checked = checkCard(input, now);
  if ('code' in checked) return { error: checked };
  const year = Number(String(input.expYear).trim());
  return {
    card: {
      brand: checked.brand,
      last4: checked.last4,
      expMonth: Number(String(input.expMonth).trim()),
      expYear: year < 100 ? 2000 + year : year,
      wallet: null,
    },
    outcome: checked.outcome,
  };
}

/** Stripe's refusals to confirm an intent that is past paying. */
function unexpectedState(status: IntentStatus): { error: CardError } | null {
  if (status === 'succeeded') {
    return requestError(
      'payment_intent_unexpected_state',
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    );
  }
  if (status === 'canceled') {
    return requestError(
      'payment_intent_unexpected_state',
      'You cannot confirm this PaymentIntent because it has a status of canceled.',
    );
  }
  return null;
}

export function cardConfirmation(
  context: SimulatedContext,
): (input: ConfirmCardInput) => Promise<ConfirmCardResult> {
  const { store, clock } = context;
  const { succeed, finish } = settlement(context);

  return async function confirmCard(input) {
    const secret = parseClientSecret(input.clientSecret);
    if (!secret) {
      return requestError(
        'parameter_invalid_string',
        'Invalid client secret: it should look like pi_..._secret_....',
        'client_secret',
      );
    }
    const { intentId } = secret;
    const billingEmail = input.billingEmail?.trim() || null;
    if (billingEmail !== null && !EMAIL.test(billingEmail)) {
      return requestError(
        'email_invalid',
        `Invalid email address: ${billingEmail}`,
        'billing_details[email]',
      );
    }
    // A new card is checked as the card field would before anything is sent.
    const method = methodOf(input, clock());
    if ('error' in method) return method;
    const billing = { billingName: input.billingName?.trim() || null, billingEmail };

    const outcome = await store.runTransaction<ConfirmOutcome>(async (tx) => {
      const read = await intentWithSecret(tx, secret);
      if ('error' in read) return read;
      const { intent } = read;
      const unexpected = unexpectedState(intent.status);
      if (unexpected) return unexpected;
      const customer = await customerIn(tx, intent.customerId);
      let card: PendingCard;
      if ('saved' in method) {
        // Only a card saved to the intent's own Customer can pay it.
        const saved = customer?.data.paymentMethods.find((one) => one.id === method.saved);
        if (!saved) {
          return requestError(
            'resource_missing',
            `No such PaymentMethod: '${method.saved}'`,
            'payment_method',
          );
        }
        card = { ...saved, save: false, savedId: saved.id, ...billing };
      } else {
        // A declined attempt leaves the intent open for another card, as Stripe does.
        if (method.outcome.kind === 'error')
          return refuse(tx, intentId, intent, method.outcome.error);
        card = {
          ...method.card,
          authenticate: method.outcome.kind === 'authenticate',
          // setup_future_usage needs a Customer on the intent (a guest has none).
          save: input.savePaymentMethod === true && customer !== null,
          savedId: null,
          ...billing,
        };
      }
      if (card.authenticate) {
        // The cardholder's bank asks them to authenticate first (3-D Secure): requires_action.
        const waiting: SimulatedIntentDoc = {
          ...intent,
          status: 'requires_action',
          lastPaymentError: null,
          pendingCard: card,
        };
        tx.set(SIMULATED_INTENTS, intentId, waiting);
        return { action: { ...intentJson(intentId, waiting), status: 'requires_action' } };
      }
      return succeed(tx, intentId, intent, card, customer);
    });
    return finish(outcome);
  };
}
