/**
 * Refunds in part or in full (issue 26, docs/decisions/069), once for the API and the admin's
 * refund dialog: how much of an order's payment is left to give back, how many units of each line,
 * and what a refund asked for amounts to.
 */
import type { Cents } from '../money.js';
import { formatMoney } from '../money.js';
import { priceLines, type PricingLine } from '../pricing/pricing.js';
import type { OrderLine, OrderRefund, RefundedLine } from '../api/entities.js';

interface RefundableOrder {
  totalPrice: Cents;
  lines: readonly Pick<OrderLine, 'partName' | 'price' | 'quantity'>[];
  refunds?: readonly Pick<OrderRefund, 'amount' | 'lines' | 'restocked'>[];
  refunded?: Cents;
  /** Orders refunded before partial refunds existed carry only this. */
  refund?: Pick<OrderRefund, 'amount'>;
}

/** What went back so far, in cents. */
export const refundedSoFar = (order: Pick<RefundableOrder, 'refunded' | 'refund'>): Cents =>
  order.refunded ?? order.refund?.amount ?? 0;

/** What can still be refunded, in cents: what was charged less what went back. */
export const refundableAmount = (
  order: Pick<RefundableOrder, 'totalPrice' | 'refunded' | 'refund'>,
): Cents => Math.max(0, order.totalPrice - refundedSoFar(order));

/** Per line, the units refunds named so far (a refund of an amount names none). */
export function refundedUnits(order: RefundableOrder): number[] {
  const units = order.lines.map(() => 0);
  for (const refund of order.refunds ?? []) {
    for (const { line, quantity } of refund.lines ?? [])
      units[line] = (units[line] ?? 0) + quantity;
  }
  return units;
}

/** Per line, the units whose stock is back on the shelf already. */
export function restockedUnits(order: RefundableOrder): number[] {
  const units = order.lines.map(() => 0);
  for (const refund of order.refunds ?? []) {
    if (!refund.restocked) continue;
    for (const { line, quantity } of refund.lines ?? [])
      units[line] = (units[line] ?? 0) + quantity;
  }
  return units;
}

/** What an admin asks to refund: an amount, chosen lines, both, or neither (all that is left). */
export interface RefundRequest {
  amount?: Cents | undefined;
  lines?: readonly RefundedLine[] | undefined;
}

export type RefundPlan =
  | { ok: true; amount: Cents; lines: RefundedLine[]; full: boolean }
  /** Field → message, as the API's 422 `errors` and the dialog's fields show them. */
  | { ok: false; errors: Record<string, string> };

export const refundMessages = {
  nothingLeft: 'This order has been refunded in full',
  tooMuch: (left: string, charged: string, refunded: string) =>
    `At most ${left} can be refunded: ${charged} was charged and ${refunded} refunded already`,
  atLeastOneCent: 'Refund at least 0.01',
  noSuchLine: 'This order has no such line',
  lineTooMany: (partName: string, left: number) =>
    left > 0 ? `${partName}: at most ${left} left to refund` : `${partName} was refunded already`,
  lineTwice: 'Each line once',
} as const;

/**
 * Checks a refund against the order: never more than is left of the payment, never more units of
 * a line than it has left. The amount of chosen lines without an amount is their price × units.
 */
export function planRefund(
  order: RefundableOrder,
  request: RefundRequest,
  currency: string,
): RefundPlan {
  const left = refundableAmount(order);
  if (left === 0) return { ok: false, errors: { amount: refundMessages.nothingLeft } };
  const errors: Record<string, string> = {};
  const lines = [...(request.lines ?? [])].filter((one) => one.quantity > 0);
  const units = refundedUnits(order);
  const seen = new Set<number>();
  const chosen: PricingLine[] = [];
  lines.forEach(({ line, quantity }, index) => {
    const orderLine = order.lines[line];
    if (!orderLine) {
      errors[`lines[${index}]`] = refundMessages.noSuchLine;
      return;
    }
    if (seen.has(line)) errors[`lines[${index}]`] = refundMessages.lineTwice;
    seen.add(line);
    const unitsLeft = orderLine.quantity - (units[line] ?? 0);
    if (quantity > unitsLeft) {
      errors[`lines[${index}]`] = refundMessages.lineTooMany(orderLine.partName, unitsLeft);
    }
    chosen.push({ price: orderLine.price, quantity });
  });
  // Lines that cannot be refunded say so alone: the amount they would make means nothing.
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const amount = request.amount ?? (lines.length > 0 ? priceLines(chosen).subtotal : left);
  if (!Number.isInteger(amount) || amount < 1) errors.amount = refundMessages.atLeastOneCent;
  else if (amount > left) {
    errors.amount = refundMessages.tooMuch(
      formatMoney(left, currency),
      formatMoney(order.totalPrice, currency),
      formatMoney(refundedSoFar(order), currency),
    );
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, amount, lines, full: amount === left };
}
