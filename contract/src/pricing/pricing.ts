/**
 * The one home of every amount the shop computes (issue 22): a line's total, a cart's subtotal,
 * an order's total. The server's figures, which are the ones charged, and the web's previews of a
 * visitor's cart both come from here; nothing else multiplies a price by a quantity. Shipping,
 * discounts and tax join the inputs here when the shop has them.
 */
import type { Cents } from '../money.js';

/** A line to price: a unit price in minor units, and how many. */
export interface PricingLine {
  price: Cents;
  quantity: number;
}

export interface Priced<L extends PricingLine> {
  /** The lines as given, each with its total. */
  lines: (L & { lineTotal: Cents })[];
  /** How many units in all. */
  itemCount: number;
  /** The lines' totals added up. */
  subtotal: Cents;
  /** What the customer pays: the subtotal, until shipping, discounts and tax exist. */
  total: Cents;
}

/** Prices `lines`: integer minor units throughout, so no floating point drift. */
export function priceLines<L extends PricingLine>(lines: readonly L[]): Priced<L> {
  const priced = lines.map((line) => ({ ...line, lineTotal: line.price * line.quantity }));
  const subtotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  return {
    lines: priced,
    itemCount: priced.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    total: subtotal,
  };
}
