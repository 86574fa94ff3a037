import type { Order, SavedAddress } from './entities.js';
import type { CsvRowError } from './catalogue-csv.js';
import type { PictureRendition } from '../parts/part-pictures.js';

export interface InsertResult {
  acknowledged: boolean;
  insertedId: string;
}
export interface UpdateResult {
  acknowledged: boolean;
  modifiedCount: number;
}

/**
 * POST /checkout: the original answer, plus what the page needs next so it asks for nothing
 * again: the order as placed, and its payment intent (null when the gateway could not be reached,
 * and the page then asks POST /create-payment-intent; null too for an order of 0.00, paid as it
 * was placed).
 */
export interface CheckoutResult extends InsertResult {
  order: Order;
  payment: PaymentIntentResult | null;
  /**
   * A guest's checkout only: the order's private link token (the one mailed), which the page sends
   * as X-Order-Token to show and pay this order (docs/decisions/066).
   */
  orderToken?: string;
}

/**
 * POST /ordered/{id}/claim: the order as it is now, the caller's; `claimed` is false when it was
 * theirs already.
 */
export interface ClaimOrderResult {
  acknowledged: true;
  claimed: boolean;
  order: Order;
}

/** PATCH /ordered/{id} `{ transactionId }`: the original answer, plus the order as it is now. */
export interface PaymentRecordedResult extends UpdateResult {
  order: Order;
}
export interface DeleteResult {
  acknowledged: boolean;
  deletedCount: number;
}
export interface AdminStatus {
  admin: boolean;
}
export interface PromoteResult {
  result: UpdateResult;
}
export interface TokenResult {
  token: string;
}
/** GET and PUT /profiles/me/address: the entry, or null when there is none to prefill with. */
export interface SavedAddressResult {
  savedAddress: SavedAddress | null;
}
export interface PaymentIntentResult {
  clientSecret: string;
  /** Which gateway issued the secret, so the page shows the matching card field. */
  gateway: 'stripe' | 'simulated';
  /**
   * Whether the intent belongs to the account's Customer at the gateway: its saved cards can pay
   * it, and "Save this card" is offered. False for a guest's order (no account, no saved cards).
   */
  savesCards: boolean;
  /**
   * The account's saved cards, newest first, answered with the intent so that paying takes no
   * further request (issue 22's one round trip); empty for a guest.
   */
  savedCards: SavedCard[];
}

/** A card saved to the account at the payment provider (never its number: brand and last 4). */
export interface SavedCard {
  /** The provider's id ("pm_..."): what pays with it and what removes it. */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** "apple_pay", "google_pay" or "link" for a card a wallet gave; else null. */
  wallet: string | null;
}

/** GET /payment-methods: the caller's saved cards, newest first. */
export interface PaymentMethodsResult {
  paymentMethods: SavedCard[];
}

/**
 * POST /parts/images: where the uploaded image is served, and its copies resized for `srcset`;
 * store them as one of the part's `images` (or the url alone in the original `img`).
 */
export interface ImageUploadResult {
  url: string;
  renditions: PictureRendition[];
}

/** POST /parts/{id}/views: whether this view was counted (repeats from one address are not). */
export interface ProductViewResult {
  counted: boolean;
}

/** GET /stats: the home page's Business Summary, from the store (figures a minute old at most). */
export interface BusinessSummary {
  /** Parts in the catalogue. */
  parts: number;
  /** Product pages viewed, ever. */
  productViews: number;
  orders: {
    /** Every order placed and not deleted, cancelled ones included. */
    total: number;
    /** Paid, in delivery or delivered. */
    completed: number;
    /** Unpaid and still held. */
    pending: number;
    /** completed / total, from 0 to 1 (0 while there are no orders). */
    completedShare: number;
  };
}

export type ApiErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'rate_limited'
  | 'not_implemented'
  | 'unavailable'
  | 'card_error'
  | 'internal';

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    /**
     * Per-field messages: from the shared yup schema (422), or a checkout's 409 naming each short
     * line by its part id (`{ "<partId>": "Only 2 available" }`).
     */
    fields?: Record<string, string>;
    /**
     * A checkout refused because prices changed since the cart was shown (409): what each line's
     * part costs now and the order's total, in minor units.
     */
    prices?: CurrentPrices;
    /** A CSV import refused (422): what is wrong, by row and column of the file. */
    rows?: CsvRowError[];
  };
}

/** The figures of a checkout as they are now: unit price by part id, and the total. */
export interface CurrentPrices {
  lines: Record<string, number>;
  total: number;
}

/** POST /payments/simulated/confirm: the simulated gateway's stand-in for Stripe's confirmCardPayment. */
export interface SimulatedConfirmRequest {
  clientSecret: string;
  cardNumber?: string;
  expMonth?: number;
  expYear?: number;
  cvc?: string;
  billingName: string;
  billingEmail: string;
  billingPostalCode?: string;
  /** A saved card instead of the card's fields. */
  paymentMethodId?: string;
  /** Stripe's `setup_future_usage: 'off_session'`: save the card to the account once paid. */
  savePaymentMethod?: boolean;
  /** The test wallet button (standing for Apple Pay or Google Pay). */
  wallet?: 'apple_pay' | 'google_pay';
}

/** POST /payments/simulated/authenticate: the answer on the simulated 3-D Secure page. */
export interface SimulatedAuthenticateRequest {
  clientSecret: string;
  outcome: 'complete' | 'fail';
}

/**
 * 200 with status 'succeeded' and the intent id (the transaction id), or 402 with an ApiErrorBody
 * whose message is the card's Stripe-style error ("Your card was declined.").
 */
export interface SimulatedConfirmResult {
  /** 'requires_action': the card's bank asks the cardholder to authenticate first (3-D Secure). */
  status: 'succeeded' | 'requires_action';
  transactionId: string;
}
