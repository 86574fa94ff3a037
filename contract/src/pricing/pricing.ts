/**
 * The one home of every amount the shop computes (issue 22, issue 25): a line's total, a cart's
 * subtotal, the discount of a code, the shipping of a method, the tax of a rate and an order's
 * total. The server's figures, which are the ones charged, and the web's previews (a visitor's
 * cart, the cart's shipping estimate) both come from here; nothing else multiplies a price.
 *
 * The order of the sums (docs/decisions/059): the discount comes off the subtotal; a method's
 * `freeOver` looks at what the goods cost after the discount; tax is charged on the goods after
 * the discount (not on shipping), rounded half up to the minor unit once for the whole order.
 */
import type { Cents } from '../money.js';

/** A line to price: a unit price in minor units, and how many. */
export interface PricingLine {
  price: Cents;
  quantity: number;
}

/** The chosen shipping method's charge: its price, nothing once the goods reach `freeOver`. */
export interface ShippingCharge {
  price: Cents;
  freeOver?: Cents;
}

/** A discount code's terms: a percentage of the subtotal, or an amount off it. */
export interface DiscountTerms {
  type: 'percent' | 'fixed';
  /** A percentage (10 for 10 %) for `percent`, minor units for `fixed`. */
  value: number;
}

/** The tax rate that applies, a percentage such as 7.25, and whether prices already hold it. */
export interface TaxTerms {
  rate: number;
  pricesIncludeTax: boolean;
}

/** What an order adds to its lines; each missing one counts as nothing (the original API). */
export interface PricingAdjustments {
  shipping?: ShippingCharge;
  discount?: DiscountTerms;
  tax?: TaxTerms;
}

/** The amounts of an order, a quote or a priced cart, in minor units; priceLines works them out. */
export interface OrderAmounts {
  /** The lines' totals added up. */
  subtotal: Cents;
  /** What the discount code takes off the subtotal (never more than the subtotal). */
  discount: Cents;
  /** What the chosen shipping method costs for these goods. */
  shipping: Cents;
  /** The tax on the goods: added to the total, or the part of it the prices already hold. */
  tax: Cents;
  /** What the customer pays: subtotal − discount + shipping (+ tax when prices exclude it). */
  total: Cents;
}

export interface Priced<L extends PricingLine> extends OrderAmounts {
  /** The lines as given, each with its total. */
  lines: (L & { lineTotal: Cents })[];
  /** How many units in all. */
  itemCount: number;
}

/** Rates and percentages are kept to thousandths of a percent (8.875 % is 8875). */
const PERCENT_SCALE = 1000n;

/** `amount × percent / 100`, rounded half up to the minor unit, in integers throughout. */
export function percentOf(amount: Cents, percent: number): Cents {
  const rate = BigInt(Math.round(percent * Number(PERCENT_SCALE)));
  return divideHalfUp(BigInt(amount) * rate, 100n * PERCENT_SCALE);
}

/** The tax held in a gross `amount` at `percent`: amount × r / (100 + r), rounded half up. */
function includedTaxOf(amount: Cents, percent: number): Cents {
  const rate = BigInt(Math.round(percent * Number(PERCENT_SCALE)));
  return divideHalfUp(BigInt(amount) * rate, 100n * PERCENT_SCALE + rate);
}

/** `numerator / denominator` for non-negative integers, halves rounded up. */
function divideHalfUp(numerator: bigint, denominator: bigint): Cents {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** What `discount` takes off `subtotal`. */
export function discountOf(subtotal: Cents, discount: DiscountTerms | undefined): Cents {
  if (!discount) return 0;
  const off = discount.type === 'percent' ? percentOf(subtotal, discount.value) : discount.value;
  return Math.min(Math.max(off, 0), subtotal);
}

/** What a method costs for goods worth `goods` (after the discount). */
export function shippingOf(goods: Cents, shipping: ShippingCharge | undefined): Cents {
  if (!shipping) return 0;
  return shipping.freeOver !== undefined && goods >= shipping.freeOver ? 0 : shipping.price;
}

/**
 * Prices `lines` with the order's shipping, discount and tax: integer minor units throughout, so
 * no floating point drift. With no adjustments the total is the subtotal, as it always was.
 */
export function priceLines<L extends PricingLine>(
  lines: readonly L[],
  adjustments: PricingAdjustments = {},
): Priced<L> {
  const priced = lines.map((line) => ({ ...line, lineTotal: line.price * line.quantity }));
  const subtotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  const discount = discountOf(subtotal, adjustments.discount);
  const goods = subtotal - discount;
  const shipping = shippingOf(goods, adjustments.shipping);
  const { tax: terms } = adjustments;
  const tax = !terms
    ? 0
    : terms.pricesIncludeTax
      ? includedTaxOf(goods, terms.rate)
      : percentOf(goods, terms.rate);
  return {
    lines: priced,
    itemCount: priced.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    discount,
    shipping,
    tax,
    total: goods + shipping + (terms && !terms.pricesIncludeTax ? tax : 0),
  };
}
