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
import type { DocData, Store, Transaction } from '../../store/port.js';
import {
  GatewayRequestError,
  IntentNotFoundError,
  isIntentId,
  isPaymentMethodId,
  type CardConfirmation,
  type CardConfirmingGateway,
  type CreatedIntent,
  type CreateIntentInput,
  type DeliverWebhook,
  type GatewayRefund,
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
import type {
  StripeChargeJson,
  StripeDisputeJson,
  StripeEventJson,
  StripeIntentJson,
} from '../webhook-event.js';
import {
  AUTHENTICATION_FAILED,
  checkCard,
  type CardBrand,
  type CardError,
  type CardOutcome,
} from './test-cards.js';

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

/** What the simulated element sends: the port's CardConfirmation (a new, saved or wallet card). */
export type ConfirmCardInput = CardConfirmation;

/** What stripe.js's confirmCardPayment resolves with on success. */
export type ConfirmedIntent = StripeIntentJson & { status: 'succeeded' };

export interface DeliveryReport {
  /** Whether the webhook handler answered 2xx. */
  delivered: boolean;
  attempts: number;
  /** The handler's last status; absent when every attempt threw. */
  status?: number;
}

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

/** How a simulated dispute ends (Stripe's closed statuses). */
export type DisputeOutcome = 'won' | 'lost' | 'warning_closed';

export interface SimulatedGateway extends CardConfirmingGateway {
  readonly name: 'simulated';
  confirmCard(input: ConfirmCardInput): Promise<ConfirmCardResult>;
  authenticate(input: {
    clientSecret: string;
    outcome: 'complete' | 'fail';
  }): Promise<ConfirmCardResult>;
  /**
   * What the shop owner or the cardholder's bank does at the provider, outside the shop: not
   * reachable through the API (docs/decisions/069); the tests call them on the gateway object.
   * Each changes the intent as Stripe would and delivers Stripe's event for it.
   */
  provider: {
    /** A refund made in the Dashboard (no idempotency key, no metadata): `charge.refunded`. */
    refundInDashboard(intentId: string, amount?: number): Promise<{ refundId: string }>;
    /** The cardholder disputes the payment: `charge.dispute.created`. */
    openDispute(intentId: string, reason?: string): Promise<{ disputeId: string }>;
    /** The card network decides: `charge.dispute.closed` with the outcome as its status. */
    closeDispute(intentId: string, outcome: DisputeOutcome): Promise<void>;
    /** The intent is cancelled in the Dashboard: `payment_intent.canceled`. */
    cancelInDashboard(intentId: string): Promise<void>;
  };
}

/** A confirmation's result in the transaction: refused, declined (an event to send), or paid. */
type ConfirmOutcome =
  | { error: CardError; failed?: StripeIntentJson }
  | { action: AwaitingAuthentication }
  | { intent: ConfirmedIntent; eventId: string };

/** A card as the simulated gateway keeps it (Stripe's PaymentMethod of type card). */
type SimulatedCard = {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  wallet: string | null;
  /** Whether the issuer asks for 3-D Secure on every payment (Stripe's 4000 0027 6000 3184). */
  authenticate: boolean;
};

/** The card a confirmation pays with, kept on the intent while its authentication is pending. */
type PendingCard = SimulatedCard & {
  /** Save it to the intent's Customer once paid (`setup_future_usage: 'off_session'`). */
  save: boolean;
  /** The saved card it is, when the shopper picked one. */
  savedId: string | null;
  billingName: string | null;
  billingEmail: string | null;
};

export const SIMULATED_CUSTOMERS = 'simulatedCustomers';

/** A card saved to a simulated Customer. */
type SimulatedPaymentMethod = SimulatedCard & {
  id: string;
  /** Unix seconds. */
  created: number;
};

type SimulatedCustomerDoc = {
  accountId: string;
  email: string;
  created: number;
  paymentMethods: SimulatedPaymentMethod[];
} & DocData;

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,64}$/;
const isCustomerId = (value: string) => CUSTOMER_ID.test(value);

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

/** A refund of a simulated payment. */
type SimulatedRefund = {
  refundId: string;
  /** Null for a refund made in the Dashboard. */
  idempotencyKey: string | null;
  reason: string;
  amount: number;
  created: number;
  metadata: Record<string, string>;
};

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

/** The one charge of a simulated intent, named after it as Stripe's `latest_charge`. */
const chargeIdOf = (intentId: string) => `ch_${intentId.slice(3)}`;

const refundedOf = (doc: SimulatedIntentDoc) =>
  (doc.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0);

function chargeJson(intentId: string, doc: SimulatedIntentDoc): StripeChargeJson {
  const refunded = refundedOf(doc);
  return {
    id: chargeIdOf(intentId),
    object: 'charge',
    amount: doc.amount,
    amount_refunded: refunded,
    currency: doc.currency,
    payment_intent: intentId,
    refunded: refunded === doc.amount,
  };
}

function disputeJson(intentId: string, doc: SimulatedIntentDoc): StripeDisputeJson {
  const dispute = doc.dispute as NonNullable<SimulatedIntentDoc['dispute']>;
  return {
    id: dispute.disputeId,
    object: 'dispute',
    amount: doc.amount,
    charge: chargeIdOf(intentId),
    currency: doc.currency,
    payment_intent: intentId,
    reason: dispute.reason,
    status: dispute.status,
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

  /** Delivers Stripe's event of `type` about `object`, as Stripe shapes and signs it. */
  function emit(
    type: string,
    object: StripeEventJson['data']['object'],
    eventId = `evt_${alphanumeric(12)}`,
  ): Promise<DeliveryReport> {
    const event: StripeEventJson & Record<string, unknown> = {
      id: eventId,
      object: 'event',
      api_version: installedStripeApiVersion(),
      created: unixNow(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    return deliverEvent(JSON.stringify(event, null, 2));
  }

  /** Reads the intent in `tx`, or throws IntentNotFoundError. */
  async function intentIn(tx: Transaction, intentId: string) {
    const doc = isIntentId(intentId)
      ? await tx.get<SimulatedIntentDoc>(SIMULATED_INTENTS, intentId)
      : null;
    if (!doc) throw new IntentNotFoundError(intentId);
    return doc.data;
  }

  /**
   * Refunds `amount` (what is left when absent) of a succeeded intent with Stripe's refusals,
   * then delivers `charge.refunded` as Stripe does after every refund.
   */
  async function refund(
    intentId: string,
    request: Omit<SimulatedRefund, 'refundId' | 'created' | 'amount'> & { amount?: number },
  ): Promise<{ refundId: string }> {
    const outcome = await store.runTransaction(async (tx) => {
      const doc = await intentIn(tx, intentId);
      const refunds = doc.refunds ?? [];
      const again = refunds.find(
        (one) => request.idempotencyKey !== null && one.idempotencyKey === request.idempotencyKey,
      );
      if (again) return { refundId: again.refundId, charge: null };
      if (doc.status !== 'succeeded') {
        throw new GatewayRequestError(
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        );
      }
      const left = doc.amount - refundedOf(doc);
      if (left === 0) {
        throw new GatewayRequestError(`Charge ${chargeIdOf(intentId)} has already been refunded.`);
      }
      const amount = request.amount ?? left;
      if (amount > left) {
        throw new GatewayRequestError(
          `Refund amount (${formatMoney(amount, doc.currency)}) is greater than unrefunded amount on charge (${formatMoney(left, doc.currency)})`,
        );
      }
      const made: SimulatedRefund = {
        ...request,
        amount,
        refundId: `re_${alphanumeric(12)}`,
        created: unixNow(),
      };
      const after = { ...doc, refunds: [...refunds, made] };
      tx.update(SIMULATED_INTENTS, intentId, { refunds: after.refunds });
      return { refundId: made.refundId, charge: chargeJson(intentId, after) };
    });
    if (outcome.charge) await emit('charge.refunded', outcome.charge);
    return { refundId: outcome.refundId };
  }

  /**
   * Cancels an open intent and delivers `payment_intent.canceled`; answers the status, which stays
   * 'succeeded' (or 'canceled') for an intent past being cancelled.
   */
  async function cancel(intentId: string): Promise<IntentStatus> {
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
  }

  /** Sets the intent's dispute and delivers the event about it. */
  async function dispute(
    intentId: string,
    type: 'charge.dispute.created' | 'charge.dispute.closed',
    change: (doc: SimulatedIntentDoc) => NonNullable<SimulatedIntentDoc['dispute']>,
  ): Promise<string> {
    const object = await store.runTransaction(async (tx) => {
      const doc = await intentIn(tx, intentId);
      if (doc.status !== 'succeeded') {
        throw new GatewayRequestError(`Only a succeeded payment can be disputed (${intentId}).`);
      }
      const after = { ...doc, dispute: change(doc) };
      tx.update(SIMULATED_INTENTS, intentId, { dispute: after.dispute });
      return disputeJson(intentId, after);
    });
    await emit(type, object);
    return object.id;
  }

  /**
   * Pays the intent with `card` in the transaction that read it (and its Customer): succeeded,
   * the card saved to the Customer when asked, and the succeeded event's id chosen.
   */
  function succeed(
    tx: Transaction,
    intentId: string,
    intent: SimulatedIntentDoc,
    card: PendingCard,
    customer: { id: string; data: SimulatedCustomerDoc } | null,
  ): ConfirmOutcome {
    if (card.save && customer) {
      const saved: SimulatedPaymentMethod = {
        id: `pm_${alphanumeric(12)}`,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        wallet: card.wallet,
        authenticate: card.authenticate,
        created: unixNow(),
      };
      tx.update(SIMULATED_CUSTOMERS, customer.id, {
        paymentMethods: [...customer.data.paymentMethods, saved],
      });
    }
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
  }

  /** After the transaction: the events Stripe sends about the attempt, then stripe.js's answer. */
  async function finish(outcome: ConfirmOutcome): Promise<ConfirmCardResult> {
    if ('error' in outcome) {
      // Stripe tells the shop of each declined attempt (payment_intent.payment_failed).
      if (outcome.failed) await emit('payment_intent.payment_failed', outcome.failed);
      return { error: outcome.error };
    }
    if ('action' in outcome) return { paymentIntent: outcome.action };
    const delivery = await emit('payment_intent.succeeded', outcome.intent, outcome.eventId);
    return { paymentIntent: outcome.intent, delivery };
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

    cancelIntent: cancel,

    refundIntent(input: RefundInput) {
      return refund(input.intentId, {
        idempotencyKey: input.idempotencyKey,
        reason: input.reason,
        metadata: input.metadata ?? {},
        ...(input.amount === undefined ? {} : { amount: input.amount }),
      });
    },

    async listRefunds(intentId: string): Promise<GatewayRefund[]> {
      const doc = await store.runTransaction((tx) => intentIn(tx, intentId));
      return (doc.refunds ?? []).map(({ refundId, amount, created, metadata }) => ({
        refundId,
        amount,
        status: 'succeeded',
        created,
        metadata,
      }));
    },

    provider: {
      refundInDashboard: (intentId, amount) =>
        refund(intentId, {
          idempotencyKey: null,
          reason: 'Refunded in the Dashboard',
          metadata: {},
          ...(amount === undefined ? {} : { amount }),
        }),
      async openDispute(intentId, reason = 'fraudulent') {
        const disputeId = await dispute(intentId, 'charge.dispute.created', () => ({
          disputeId: `dp_${alphanumeric(12)}`,
          reason,
          status: 'needs_response',
          created: unixNow(),
        }));
        return { disputeId };
      },
      async closeDispute(intentId, outcome) {
        await dispute(intentId, 'charge.dispute.closed', (doc) => {
          if (!doc.dispute) throw new GatewayRequestError(`No dispute of ${intentId} to close.`);
          return { ...doc.dispute, status: outcome };
        });
      },
      async cancelInDashboard(intentId) {
        const status = await cancel(intentId);
        if (status !== 'canceled') {
          throw new GatewayRequestError(
            `You cannot cancel this PaymentIntent because it has a status of ${status}.`,
          );
        }
      },
    },

    verifyWebhook(rawBody, signatureHeader): PaymentEvent {
      return verifyStripeWebhook(rawBody, signatureHeader, webhookSecret, {
        receivedAtMs: clock().getTime(),
      });
    },

    createCustomer: async ({ accountId, email, idempotencyKey }) => {
      const customerId = `cus_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 14)}`;
      await store.runTransaction(async (tx) => {
        if (await tx.get<SimulatedCustomerDoc>(SIMULATED_CUSTOMERS, customerId)) return;
        tx.set(SIMULATED_CUSTOMERS, customerId, {
          accountId,
          email,
          created: unixNow(),
          paymentMethods: [],
        } satisfies SimulatedCustomerDoc);
      });
      return { customerId };
    },

    async listPaymentMethods(customerId) {
      const customer = isCustomerId(customerId)
        ? await store.get<SimulatedCustomerDoc>(SIMULATED_CUSTOMERS, customerId)
        : null;
      return [...(customer?.data.paymentMethods ?? [])]
        .sort((a, b) => b.created - a.created)
        .map(({ id, brand, last4, expMonth, expYear, wallet }) => ({
          id,
          brand,
          last4,
          expMonth,
          expYear,
          wallet,
        }));
    },

    async detachPaymentMethod(customerId, paymentMethodId) {
      if (!isCustomerId(customerId)) return false;
      return store.runTransaction(async (tx) => {
        const customer = await tx.get<SimulatedCustomerDoc>(SIMULATED_CUSTOMERS, customerId);
        const methods = customer?.data.paymentMethods ?? [];
        const kept = methods.filter((method) => method.id !== paymentMethodId);
        if (kept.length === methods.length) return false;
        tx.update(SIMULATED_CUSTOMERS, customerId, { paymentMethods: kept });
        return true;
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
        const stored = await tx.get<SimulatedIntentDoc>(SIMULATED_INTENTS, intentId);
        if (!stored || !sameSecret(stored.data.clientSecret, secret[0])) {
          return requestError('resource_missing', `No such payment_intent: '${intentId}'`);
        }
        const intent = stored.data;
        const unexpected = unexpectedState(intent.status);
        if (unexpected) return unexpected;
        const customer = intent.customerId
          ? await tx.get<SimulatedCustomerDoc>(SIMULATED_CUSTOMERS, intent.customerId)
          : null;
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
          if (method.outcome.kind === 'error') {
            // A declined attempt leaves the intent open for another card, as Stripe does.
            const declined: SimulatedIntentDoc = {
              ...intent,
              status: 'requires_payment_method',
              lastPaymentError: method.outcome.error,
              pendingCard: null,
            };
            tx.set(SIMULATED_INTENTS, intentId, declined);
            return { error: method.outcome.error, failed: intentJson(intentId, declined) };
          }
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
    },

    async authenticate({ clientSecret, outcome: answer }) {
      const secret = CLIENT_SECRET.exec(String(clientSecret ?? '').trim());
      if (!secret) {
        return requestError('parameter_invalid_string', 'Invalid client secret.', 'client_secret');
      }
      const intentId = secret[1] as string;
      const outcome = await store.runTransaction<ConfirmOutcome>(async (tx) => {
        const stored = await tx.get<SimulatedIntentDoc>(SIMULATED_INTENTS, intentId);
        if (!stored || !sameSecret(stored.data.clientSecret, secret[0])) {
          return requestError('resource_missing', `No such payment_intent: '${intentId}'`);
        }
        const intent = stored.data;
        if (intent.status !== 'requires_action' || !intent.pendingCard) {
          return requestError(
            'payment_intent_unexpected_state',
            `This PaymentIntent has a status of ${intent.status}: there is nothing to authenticate.`,
          );
        }
        const customer = intent.customerId
          ? await tx.get<SimulatedCustomerDoc>(SIMULATED_CUSTOMERS, intent.customerId)
          : null;
        if (answer === 'fail') {
          const failed: SimulatedIntentDoc = {
            ...intent,
            status: 'requires_payment_method',
            lastPaymentError: AUTHENTICATION_FAILED,
            pendingCard: null,
          };
          tx.set(SIMULATED_INTENTS, intentId, failed);
          return { error: AUTHENTICATION_FAILED, failed: intentJson(intentId, failed) };
        }
        return succeed(tx, intentId, intent, intent.pendingCard, customer);
      });
      return finish(outcome);
    },
  };
}
