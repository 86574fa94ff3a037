/**
 * What a shop says of a part for shopping engines and sales (issue 36 item 4, docs/decisions/102):
 * its brand, GTIN (the barcode number), MPN (the maker's part number), shipping weight and a
 * compare-at price, the price it is struck through against during a sale. GTIN, MPN, weight and
 * compare-at are per size for a part sold in sizes, as Google Merchant Center expects of
 * variants. Plain rules without yup, so that the public pages can use them; schemas/part.ts
 * checks with them.
 */
import type { Cents } from '../money.js';

/** Merchant Center's limits: brand and MPN at most 70 characters. */
export const BRAND_MAX = 70;
export const MPN_MAX = 70;
/** A GTIN is 8 (EAN-8), 12 (UPC-A), 13 (EAN-13, ISBN) or 14 (ITF-14) digits. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;
export const GTIN_MAX = 14;
/** Weight in whole grams, up to a tonne: no bicycle part weighs more. */
export const WEIGHT_MAX_GRAMS = 1_000_000;

/** A part's merchandising fields, each absent when not given. */
export type Merchandising = {
  brand?: string;
  gtin?: string;
  mpn?: string;
  /** Shipping weight in grams. */
  weight?: number;
  /** The price before the sale, in minor units; above `price` (or the size's price). */
  compareAtPrice?: Cents;
};

/** A size's own: its barcode, part number, weight and compare-at price (not the brand). */
export type VariantMerchandising = Omit<Merchandising, 'brand'>;

export const MERCHANDISING_FIELDS = ['brand', 'gtin', 'mpn', 'weight', 'compareAtPrice'] as const;
export const VARIANT_MERCHANDISING_FIELDS = ['gtin', 'mpn', 'weight', 'compareAtPrice'] as const;

export const merchandisingMessages = {
  gtinLength: 'A GTIN is 8, 12, 13 or 14 digits',
  gtinCheckDigit: "This GTIN's last digit does not match: check the number on the barcode",
  compareAtNotAbove: 'The compare-at price must be higher than the price',
  compareAtOnSizes:
    'A part sold in sizes has a compare-at price per size: give it on each size instead',
};

/** A GTIN as typed, without the spaces and dashes printed under a barcode. */
export const normalGtin = (text: string): string => text.replace(/[\s-]/g, '');

/**
 * What is wrong with a GTIN (already normalGtin), or undefined: its length, or its GS1 check
 * digit (the last), computed from the others weighted 3, 1, 3, … from the right.
 */
export function gtinProblem(gtin: string): string | undefined {
  if (!/^[0-9]+$/.test(gtin) || !(GTIN_LENGTHS as readonly number[]).includes(gtin.length))
    return merchandisingMessages.gtinLength;
  const digits = [...gtin].map(Number);
  const check = digits.pop()!;
  const sum = digits
    .reverse()
    .reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check ? undefined : merchandisingMessages.gtinCheckDigit;
}

/** Whether a compare-at price makes a sale of `price`: given and above it. */
export const isOnSale = (price: Cents, compareAtPrice: Cents | null | undefined): boolean =>
  typeof compareAtPrice === 'number' && compareAtPrice > price;

/**
 * The price a part (or its chosen size) is sold at, and the one struck through beside it when on
 * sale. A part sold in sizes shows its lowest price, struck through against that size's own
 * compare-at price.
 */
export function saleOf(
  part: { price: Cents; compareAtPrice?: Cents; variants?: readonly VariantSale[] },
  variant?: VariantSale,
): { price: Cents; was?: Cents } {
  const sold =
    variant ??
    (part.variants && part.variants.length > 0
      ? part.variants.reduce((low, each) => (each.price < low.price ? each : low))
      : part);
  return isOnSale(sold.price, sold.compareAtPrice)
    ? { price: sold.price, was: sold.compareAtPrice }
    : { price: sold.price };
}
type VariantSale = { price: Cents; compareAtPrice?: Cents };

/** The merchandising fields that are given, from a stored document (null or '' is "cleared"). */
export function givenMerchandising(
  data: Partial<Record<(typeof MERCHANDISING_FIELDS)[number], unknown>>,
  fields: readonly (typeof MERCHANDISING_FIELDS)[number][] = MERCHANDISING_FIELDS,
): Merchandising {
  const given: Merchandising = {};
  for (const field of fields) {
    const value = data[field];
    if (value === null || value === undefined || value === '') continue;
    Object.assign(given, { [field]: value });
  }
  return given;
}
