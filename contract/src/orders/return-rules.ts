/**
 * Returns a customer asks for (issue 37 item 2, docs/decisions/098), once for the API and the
 * screens: the reasons, the steps of a return, the shop's return window, how many units of each
 * line may still be asked back, and what a return gives back of the payment.
 */
import type { Cents } from '../money.js';
import type { OrderLine, OrderRefund, RefundedLine } from '../api/entities.js';
import { priceLines } from '../pricing/pricing.js';
import { refundedUnits } from './refund-rules.js';
import { returnReasonLabel, type ReturnReason, type ReturnStatus } from './return-steps.js';

/** How long after delivery a return may be asked, when the owner has not said. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;
/** The longest window the owner may set. */
export const MAX_RETURN_WINDOW_DAYS = 365;

export const NOTE_MAX = 500;
export const RETURN_ANSWER_MAX = 1000;

const DAY_MS = 24 * 60 * 60_000;

interface ReturnableOrder {
  status: string;
  totalPrice: Cents;
  /** When it was marked delivered. */
  completedAt?: string;
  timeline?: readonly { status: string; at: string }[];
  lines: readonly Pick<OrderLine, 'partName' | 'price' | 'quantity'>[];
  refunds?: readonly Pick<OrderRefund, 'amount' | 'lines' | 'restocked'>[];
}

/** A line of a return: which line of the order, how many of its units, and why. */
export interface ReturnLineAsked {
  line: number;
  quantity: number;
}

/** When the order was delivered: its date, or (orders marked before it was kept) its timeline's. */
export function deliveredAt(order: ReturnableOrder): string | undefined {
  if (order.status !== 'delivered') return undefined;
  return order.completedAt ?? order.timeline?.findLast((one) => one.status === 'delivered')?.at;
}

/** The last moment a return may be asked (ISO), or undefined when the order was not delivered. */
export function returnWindowEnd(order: ReturnableOrder, windowDays: number): string | undefined {
  const at = deliveredAt(order);
  return at === undefined
    ? undefined
    : new Date(Date.parse(at) + windowDays * DAY_MS).toISOString();
}

export const returnMessages = {
  chooseLine: 'Choose at least one part to return',
  chooseReason: 'Choose a reason',
  notDelivered: 'Only a delivered order can be returned',
  windowClosed: (day: string) => `The time to return this order ended on ${day}`,
  notYours: 'Only the customer of this order can ask to return it',
  noSuchLine: 'This order has no such line',
  lineTwice: 'Each line once',
  tooMany: (partName: string, left: number) =>
    left > 0 ? `${partName}: at most ${left} can be returned` : `${partName} was refunded already`,
  inAnotherReturn: (partName: string, left: number) =>
    left > 0
      ? `${partName}: only ${left} not already in a return`
      : `${partName} is in a return already`,
  onlyAsked: 'Only a return that was asked for and not decided yet can be approved or refused',
  onlyApproved: 'Only an approved return can be marked received',
} as const;

/**
 * Per line, the units that may still be returned: what it had, less what refunds gave back, less
 * what returns asked or approved hold (a received return's units are among the refunded).
 */
export function returnableUnits(
  order: ReturnableOrder,
  openReturns: readonly { lines: readonly ReturnLineAsked[] }[],
): number[] {
  const refunded = refundedUnits(order);
  const left = order.lines.map((line, index) => line.quantity - (refunded[index] ?? 0));
  for (const open of openReturns) {
    for (const { line, quantity } of open.lines) left[line] = (left[line] ?? 0) - quantity;
  }
  return left.map((units) => Math.max(0, units));
}

/** The steps at which a return holds its units: asked for, or approved and on its way. */
export const holdsUnits = (status: ReturnStatus): boolean =>
  status === 'asked' || status === 'approved';

/** Per line, the units that may still be asked back, beside the order's returns as they stand. */
export const unitsLeftToReturn = (
  order: ReturnableOrder,
  returns: readonly { status: ReturnStatus; lines: readonly ReturnLineAsked[] }[],
): number[] =>
  returnableUnits(
    order,
    returns.filter((one) => holdsUnits(one.status)),
  );

/**
 * What is wrong with the lines asked back, by field (`lines[0].quantity`): 'invalid' for a line
 * the order has not, too many units, a line twice; 'taken' when the units are there but another
 * return holds them (the API's 409). Null when every line fits.
 */
export function returnLinesProblem(
  order: ReturnableOrder,
  openReturns: readonly { lines: readonly ReturnLineAsked[] }[],
  asked: readonly ReturnLineAsked[],
): { kind: 'invalid' | 'taken'; errors: Record<string, string> } | null {
  const beforeReturns = returnableUnits(order, []);
  const left = returnableUnits(order, openReturns);
  const invalid: Record<string, string> = {};
  const taken: Record<string, string> = {};
  const seen = new Set<number>();
  asked.forEach(({ line, quantity }, index) => {
    const orderLine = order.lines[line];
    const field = `lines[${index}].quantity`;
    if (!orderLine) invalid[`lines[${index}].line`] = returnMessages.noSuchLine;
    else if (seen.has(line)) invalid[`lines[${index}].line`] = returnMessages.lineTwice;
    else if (quantity > (beforeReturns[line] ?? 0)) {
      invalid[field] = returnMessages.tooMany(orderLine.partName, beforeReturns[line] ?? 0);
    } else if (quantity > (left[line] ?? 0)) {
      taken[field] = returnMessages.inAnotherReturn(orderLine.partName, left[line] ?? 0);
    }
    seen.add(line);
  });
  if (Object.keys(invalid).length > 0) return { kind: 'invalid', errors: invalid };
  if (Object.keys(taken).length > 0) return { kind: 'taken', errors: taken };
  return null;
}

interface PaidAmounts {
  subtotal: Cents;
  discount: Cents;
  tax: Cents;
  pricesIncludeTax?: boolean;
}

/**
 * What the customer paid for `lines` of the order: their share of the goods after the discount,
 * and of the tax where it was added on top; never the shipping, which carried the parcel. Rounded
 * down, so that returns together never give back more than the goods cost.
 */
export function returnRefundAmount(
  order: Pick<ReturnableOrder, 'lines'> & PaidAmounts,
  lines: readonly RefundedLine[],
): Cents {
  const { subtotal: worth } = priceLines(
    lines.map(({ line, quantity }) => ({ price: order.lines[line]?.price ?? 0, quantity })),
  );
  if (order.subtotal <= 0) return 0;
  const paidForGoods = order.subtotal - order.discount + (order.pricesIncludeTax ? 0 : order.tax);
  return Math.floor((worth * paidForGoods) / order.subtotal);
}

/** "2 × Chain (Too small)", for the timeline, the mails and the audit log. */
export const returnLinesText = (
  lines: readonly { partName: string; quantity: number; reason: ReturnReason }[],
): string =>
  lines
    .map(
      ({ partName, quantity, reason }) =>
        `${quantity} × ${partName} (${returnReasonLabel[reason]})`,
    )
    .join(', ');

/** The day a window ends, as the messages say it ("30 December 2026"), in UTC. */
export const returnDay = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
