/**
 * What the checkout page and its payment fields ask of each other (docs/decisions/087). The
 * checkout feature places the order, the payments feature takes the card; the checkout screen
 * composes the two, so the shapes they share live here rather than in either feature.
 */
import type { Cents, PaymentIntentResult } from '@sprocket/contract';
import type { ReactNode } from 'react';

/** The placed order the payment is for, with its intent when the checkout's answer carried one. */
export interface OrderToPay {
  orderId: string;
  totalPrice: Cents;
  /** The intent the checkout answered with; asked for when missing (a reload, a gateway away). */
  intent?: PaymentIntentResult | null;
}

/** How a payment attempt ended: paid (and reported to the shop), or refused with the reason. */
export type PaymentOutcome =
  { status: 'paid'; transactionId: string } | { status: 'refused'; message: string };

/** A wallet's tap, handed to the checkout: check the page, place the order, then pay with it. */
export interface WalletTap {
  /** Whether the order can be placed as the page stands; shows what is missing when not. */
  ready(): Promise<boolean>;
  /** Places the order (or takes the one placed) and pays it with the wallet's `pay`. */
  placeAndPay(pay: (order: OrderToPay) => Promise<PaymentOutcome>): Promise<void>;
}

/** The payment fields of the checkout page, as the payments feature provides them. */
export interface CheckoutPayment {
  /** Apple Pay, Google Pay, Link (or the simulated wallet), shown above the address. */
  wallets(tap: WalletTap): ReactNode;
  /** "Pay with": saved cards and a new card's fields, shown right above the pay button. */
  fields: ReactNode;
  /** The amount shown, which Stripe's elements need (wallets show it on their sheet). */
  setAmount(amount: Cents): void;
  /** Checks what was typed before anything is placed: the message to show, or null. */
  check(): Promise<string | null>;
  /** Confirms the order's intent with what was entered (3-D Secure when the bank asks). */
  pay(order: OrderToPay): Promise<PaymentOutcome>;
}
