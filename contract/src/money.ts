/** Money is an integer number of cents in the shop currency (DESIGN §4). */
export type Cents = number;

export const DEFAULT_CURRENCY = 'USD';

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats cents for display; every screen shows money through this one function. */
export function formatMoney(cents: Cents, currency: string = DEFAULT_CURRENCY): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/** A decimal amount as typed by an admin ("12.50", "12", "12.5"); at most two decimals. */
export const DECIMAL_AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/** Parses "12.50" into 1250 cents; returns null for anything that is not a valid amount. */
export function parseAmountToCents(amount: string): Cents | null {
  const trimmed = amount.trim();
  if (!DECIMAL_AMOUNT_PATTERN.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Total of an order line: unit price times quantity, in cents. */
export function lineTotal(unitPrice: Cents, quantity: number): Cents {
  return unitPrice * quantity;
}
