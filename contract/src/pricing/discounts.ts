/**
 * Discount codes and why one does not apply, in plain words (issue 25 item 5). The checkout, the
 * quote and the checkout page all ask `discountRefusal`, so the reason reads the same everywhere.
 */
import type { Cents } from '../money.js';

/** POST /admin/discounts: a code and its terms; amounts in minor units, dates ISO 8601. */
export type DiscountCodeInput = {
  /** What the shopper types; matched without regard to case, stored upper case. */
  code: string;
  type: 'percent' | 'fixed';
  /** A percentage (10 for 10 %) for `percent`, minor units for `fixed`. */
  value: number;
  /** The subtotal an order needs before the code applies. */
  minSubtotal?: Cents;
  startsAt?: string;
  endsAt?: string;
  /** How many orders may use it in all. */
  maxUses?: number;
  /** Whether one customer may use it only once. */
  oncePerCustomer?: boolean;
};

/** A code as GET /admin/discounts answers it: with how many orders used it. */
export type DiscountCode = DiscountCodeInput & {
  uses: number;
  createdAt: string;
};

/** The code as stored and compared: trimmed, upper case. */
export const normalizeDiscountCode = (code: string): string => code.trim().toUpperCase();

export type DiscountRefusalReason =
  'unknown' | 'not_started' | 'ended' | 'below_minimum' | 'used_up' | 'already_used';

export interface DiscountRefusal {
  reason: DiscountRefusalReason;
  /** 409 when the code ran out (or this customer used it), 422 otherwise. */
  status: 409 | 422;
  message: string;
}

/** How a code's date reads in a message: "Jul 1, 2025" (UTC, as stored). */
const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

export const discountMessages = {
  unknown: (code: string) => `There is no discount code ${code}. Check how it is spelt.`,
  notStarted: (code: string, startsAt: string) =>
    `The code ${code} can be used from ${formatDay(startsAt)}.`,
  ended: (code: string, endsAt: string) => `The code ${code} ended on ${formatDay(endsAt)}.`,
  belowMinimum: (code: string, minimum: string, missing: string) =>
    `The code ${code} needs a subtotal of at least ${minimum}: add ${missing} more to use it.`,
  usedUp: (code: string) => `The code ${code} has been used up.`,
  alreadyUsed: (code: string) => `You have already used the code ${code}.`,
} as const;

/**
 * Why `discount` (null: no such code) does not apply to an order with `subtotal` placed at `now`,
 * or null when it does. `usedByCustomer` says whether this customer has an order with it already
 * (only asked for a code once per customer); `formatAmount` words an amount in the shop currency.
 */
export function discountRefusal(
  discount: DiscountCode | null,
  typed: string,
  order: {
    subtotal: Cents;
    now: Date;
    usedByCustomer?: boolean;
    formatAmount: (amount: Cents) => string;
  },
): DiscountRefusal | null {
  const code = normalizeDiscountCode(typed);
  if (!discount) return { reason: 'unknown', status: 422, message: discountMessages.unknown(code) };
  const at = order.now.getTime();
  if (discount.startsAt && at < Date.parse(discount.startsAt)) {
    const message = discountMessages.notStarted(code, discount.startsAt);
    return { reason: 'not_started', status: 422, message };
  }
  if (discount.endsAt && at >= Date.parse(discount.endsAt)) {
    return { reason: 'ended', status: 422, message: discountMessages.ended(code, discount.endsAt) };
  }
  if (discount.maxUses !== undefined && discount.uses >= discount.maxUses) {
    return { reason: 'used_up', status: 409, message: discountMessages.usedUp(code) };
  }
  if (discount.oncePerCustomer && order.usedByCustomer) {
    return { reason: 'already_used', status: 409, message: discountMessages.alreadyUsed(code) };
  }
  if (discount.minSubtotal !== undefined && order.subtotal < discount.minSubtotal) {
    const message = discountMessages.belowMinimum(
      code,
      order.formatAmount(discount.minSubtotal),
      order.formatAmount(discount.minSubtotal - order.subtotal),
    );
    return { reason: 'below_minimum', status: 422, message };
  }
  return null;
}

/** How a code's terms read in a list: "10 % off", "$5.00 off". */
export const discountSummary = (
  discount: Pick<DiscountCodeInput, 'type' | 'value'>,
  formatAmount: (amount: Cents) => string,
): string =>
  discount.type === 'percent' ? `${discount.value} % off` : `${formatAmount(discount.value)} off`;
