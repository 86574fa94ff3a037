/**
 * The payment gateway port (docs/architecture.md §6). Domain code depends on this file only; the adapters live
 * in stripe/ (production) and simulated/ (the local default, no network). Both speak Stripe's
 * vocabulary — PaymentIntents, client secrets, signed `payment_intent.*` events — so the webhook
 * path is the same for both.
 */
import type { Cents, SavedCard } from '@sprocket/contract';

export type GatewayName = 'stripe' | 'simulated';

/** A PaymentIntent's statuses, as Stripe names them. */
export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export const isIntentStatus = (status: unknown): status is IntentStatus =>
  typeof status === 'string' && (INTENT_STATUSES as readonly string[]).includes(status);

export interface CreateIntentInput {
  orderId: string;
  /** In the currency's smallest unit (cents). */
  amount: Cents;
  /** ISO 4217 code, any case. */
  currency: string;
  /** The customer's email, for the receipt. */
  email: string;
  /** What the provider's dashboard and receipt say it is ("Bike Shop order 1A2B3C4D"). */
  description?: string;
  /** The same key always yields the same intent (Stripe's Idempotency-Key). */
  idempotencyKey: string;
  /**
   * The account's Customer at the gateway (Stripe's `customer`): its saved cards can pay the
   * intent, and a card paid with `setup_future_usage` is saved to it. Absent for a guest.
   */
  customerId?: string;
}

/** A card saved to a Customer (Stripe's PaymentMethod of type card), as the shop shows it. */
export type SavedPaymentMethod = SavedCard;

/** Stripe's PaymentMethod ids ("pm_" and letters/digits). */
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9]{1,200}$/;

export const isPaymentMethodId = (value: string): boolean => PAYMENT_METHOD_ID.test(value);

export interface CreatedIntent {
  intentId: string;
  clientSecret: string;
}

export interface IntentInfo {
  intentId: string;
  status: IntentStatus;
  amount: Cents;
  /** Lower-case ISO 4217 code, as Stripe reports it. */
  currency: string;
  /** From the intent's metadata; null when the intent was not created by this shop. */
  orderId: string | null;
  /** Why the last attempt to pay failed (Stripe's `last_payment_error`), if it did. */
  lastPaymentError?: PaymentError | null;
}

/** Stripe's `last_payment_error`, the parts the shop shows and keeps. */
export interface PaymentError {
  /** Stripe's sentence for people ("Your card has insufficient funds."). */
  message: string;
  /** e.g. "card_declined". */
  code: string | null;
  /** The issuer's reason, e.g. "insufficient_funds". */
  declineCode: string | null;
}

/**
 * The gateway events the shop acts on; the Stripe webhook endpoint must send these (the deploy
 * check and the README name them).
 */
export const HANDLED_PAYMENT_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;
export type HandledPaymentEvent = (typeof HANDLED_PAYMENT_EVENTS)[number];

/** The part of a Stripe Charge the shop reads (`charge.refunded`). */
export interface ChargeInfo {
  chargeId: string;
  /** The PaymentIntent that made the charge: how the shop finds the order. */
  intentId: string | null;
  amount: Cents;
  /** Everything refunded so far, in all refunds together. */
  amountRefunded: Cents;
  currency: string;
}

/** The part of a Stripe Dispute the shop reads (`charge.dispute.*`). */
export interface DisputeInfo {
  disputeId: string;
  chargeId: string;
  intentId: string | null;
  amount: Cents;
  currency: string;
  /** The cardholder's reason as Stripe names it ("fraudulent", "product_not_received", …). */
  reason: string;
  /** Stripe's dispute status ("needs_response", "won", "lost", …). */
  status: string;
}

/** A refund as the gateway keeps it. */
export interface GatewayRefund {
  refundId: string;
  amount: Cents;
  /** Stripe's: pending, requires_action, succeeded, failed or canceled. */
  status: string;
  /** Unix seconds. */
  created: number;
  /** What the shop put on it when it asked for it (empty for a refund made in the Dashboard). */
  metadata: Record<string, string>;
}

/** A verified gateway event. */
export interface PaymentEvent {
  /** Unique per event ("evt_..."); redeliveries of one event carry the same id. */
  id: string;
  /** e.g. "payment_intent.succeeded". */
  type: string;
  /** When the provider created the event, in unix seconds. */
  created: number;
  /** The PaymentIntent the event is about, or null for events about other objects. */
  intent: IntentInfo | null;
  /** The Charge of a `charge.*` event, else null. */
  charge?: ChargeInfo | null;
  /** The Dispute of a `charge.dispute.*` event, else null. */
  dispute?: DisputeInfo | null;
}

export interface RefundInput {
  intentId: string;
  /** The same key always yields the same refund (Stripe's Idempotency-Key). */
  idempotencyKey: string;
  /** Why the shop gives the money back, kept with the refund. */
  reason: string;
  /** In cents; the whole payment (what is left of it) when absent. */
  amount?: Cents;
  /** Kept with the refund, so whoever records it (the webhook or the caller) knows what it was for. */
  metadata?: Record<string, string>;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Throws GatewayRequestError (refused) or GatewayUnavailableError (try again). */
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** Throws IntentNotFoundError for an id the gateway does not know. */
  retrieveIntent(intentId: string): Promise<IntentInfo>;
  /**
   * Cancels an intent so that it can no longer be paid, and answers its status afterwards:
   * 'canceled', or 'succeeded' when the customer had already paid (then it stays paid, and the
   * webhook refunds it). An intent canceled before is not an error.
   */
  cancelIntent(intentId: string): Promise<IntentStatus>;
  /**
   * Refunds a succeeded intent, in full or `amount` of it; repeating it with the same key refunds
   * once. More than is left to refund is a GatewayRequestError.
   */
  refundIntent(input: RefundInput): Promise<{ refundId: string }>;
  /** Every refund of the intent's payment, oldest first (the webhook's `charge.refunded` reads them). */
  listRefunds(intentId: string): Promise<GatewayRefund[]>;
  /** Creates the Customer of one account; the same idempotency key yields the same Customer. */
  createCustomer(input: {
    accountId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string }>;
  /** The cards saved to the Customer, newest first. */
  listPaymentMethods(customerId: string): Promise<SavedPaymentMethod[]>;
  /**
   * Removes a saved card from the Customer (Stripe's detach): false, and nothing changed, when the
   * Customer has no such card.
   */
  detachPaymentMethod(customerId: string, paymentMethodId: string): Promise<boolean>;
  /**
   * Checks the signature of a webhook request against its raw body and parses the event.
   * Throws WebhookVerificationError for a missing, bad or stale signature or a malformed event.
   */
  verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | undefined): PaymentEvent;
}

/** Hands a signed webhook request to the shop's webhook handler and returns its HTTP status. */
export type DeliverWebhook = (
  rawBody: string,
  signatureHeader: string,
) => Promise<{ status: number }>;

/**
 * What a payment page sends to a gateway that takes it itself, as stripe.js's confirmPayment does:
 * a new card (with `savePaymentMethod`, Stripe's `setup_future_usage: 'off_session'`), a card the
 * Customer saved (`paymentMethodId`), or a wallet's card (`wallet`).
 */
export interface CardConfirmation {
  clientSecret: string;
  cardNumber?: string;
  expMonth?: string | number;
  expYear?: string | number;
  cvc?: string;
  billingName?: string;
  billingEmail?: string;
  billingPostalCode?: string;
  paymentMethodId?: string;
  savePaymentMethod?: boolean;
  wallet?: 'apple_pay' | 'google_pay';
}

/**
 * The intent after confirming (succeeded, or `requires_action` while the cardholder's bank asks
 * them to authenticate), or the provider's card error (stripe.js's shapes).
 */
export type CardConfirmationResult =
  { paymentIntent: { id: string; status: string } } | { error: { type: string; message: string } };

/**
 * A gateway that confirms cards on the server: the simulated one, standing for Stripe's own
 * fields in the browser. The API exposes it at /payments/simulated/confirm, and its 3-D Secure
 * page's answer at /payments/simulated/authenticate.
 */
export interface CardConfirmingGateway extends PaymentGateway {
  confirmCard(input: CardConfirmation): Promise<CardConfirmationResult>;
  /** The cardholder completes or fails the authentication an intent in `requires_action` asks for. */
  authenticate(input: {
    clientSecret: string;
    outcome: 'complete' | 'fail';
  }): Promise<CardConfirmationResult>;
}

export const confirmsCards = (gateway: PaymentGateway): gateway is CardConfirmingGateway =>
  'confirmCard' in gateway && typeof gateway.confirmCard === 'function';

/** The header that carries the webhook signature, for both gateways. */
export const SIGNATURE_HEADER = 'stripe-signature';

/** How old a webhook signature may be, in seconds (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
}

export class WebhookVerificationError extends PaymentGatewayError {
  override name = 'WebhookVerificationError';
}

export class IntentNotFoundError extends PaymentGatewayError {
  override name = 'IntentNotFoundError';
  constructor(readonly intentId: string) {
    super(`No such payment_intent: '${intentId}'`);
  }
}

/** The gateway refused the request as made (bad amount, reused idempotency key, ...). */
export class GatewayRequestError extends PaymentGatewayError {
  override name = 'GatewayRequestError';
}

/** The gateway could not be reached or failed on its side; the caller may retry. */
export class GatewayUnavailableError extends PaymentGatewayError {
  override name = 'GatewayUnavailableError';
}

/** Stripe's PaymentIntent ids ("pi_" and letters/digits); anything else is never sent on. */
const INTENT_ID = /^pi_[A-Za-z0-9]{1,200}$/;

export function isIntentId(value: string): boolean {
  return INTENT_ID.test(value);
}
