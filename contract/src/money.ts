/**
 * Money is an integer number of the shop currency's minor unit (docs/architecture.md §8): cents for USD and EUR,
 * yen for JPY, fils for BHD. The unit is the one Stripe counts amounts in, so a stored price is
 * also the amount a payment intent charges, with no conversion anywhere.
 */
export type Cents = number;

export const DEFAULT_CURRENCY = 'USD';

/** What a shop currency setting must look like: an ISO 4217 code, three capital letters. */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

// Stripe's lists (https://docs.stripe.com/currencies): every other currency has two decimals in
// its API, including ISK and HUF, whose amounts must still be whole units (multiples of 100).
const ZERO_DECIMAL = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '),
);
const THREE_DECIMAL = new Set('BHD JOD KWD OMR TND'.split(' '));

/** How many decimals the stored integer has: 2 for USD (1250 is $12.50), 0 for JPY (¥1250). */
export function minorUnitDigits(currency: string = DEFAULT_CURRENCY): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Currencies whose en-US form is their sign before the amount, with two decimals: written
 * without Intl (plainMoney), since a page's first currency formatter is slow to make.
 */
const SIGN_FIRST: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£' };

function formatterFor(currency: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  return formatter;
}

/** Formats an amount for display; every screen shows money through this one function. */
export function formatMoney(cents: Cents, currency: string = DEFAULT_CURRENCY): string {
  return (
    plainMoney(cents, currency) ??
    formatterFor(currency).format(cents / 10 ** minorUnitDigits(currency))
  );
}

/**
 * What `Intl.NumberFormat('en-US')` writes for the commonest shop currencies, written without it:
 * a page's first currency formatter costs Chromium 15–20 ms of loading ICU's data, on a phone's
 * way to a working page (issue 23). `formatMoney` answers with Intl for anything else, and a test
 * holds this to Intl's output.
 */
export function plainMoney(cents: Cents, currency: string): string | undefined {
  const sign = SIGN_FIRST[currency.toUpperCase()];
  // Past 10^15 cents Intl's own float division drops a cent; such amounts go to Intl too.
  if (sign === undefined || !Number.isInteger(cents) || Math.abs(cents) >= 1e15) return undefined;
  const units = Math.abs(cents);
  const whole = String(Math.floor(units / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = String(units % 100).padStart(2, '0');
  // Intl writes a negative zero with its minus, as it writes any negative amount.
  const minus = cents < 0 || Object.is(cents, -0) ? '-' : '';
  return `${minus}${sign}${whole}.${fraction}`;
}

/** The currency's sign as formatMoney writes it: "$", "€", "¥", "CHF". */
export function currencySymbol(currency: string = DEFAULT_CURRENCY): string {
  const sign = SIGN_FIRST[currency.toUpperCase()];
  if (sign !== undefined) return sign;
  const part = formatterFor(currency)
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency.toUpperCase();
}

/**
 * How many decimals an admin may type: what the currency shows (none for ISK and HUF, whose
 * Stripe amounts must be whole units), and at most two, since Stripe wants three-decimal amounts
 * in multiples of ten.
 */
export function entryDigits(currency: string = DEFAULT_CURRENCY): number {
  const shown =
    SIGN_FIRST[currency.toUpperCase()] !== undefined
      ? 2
      : (formatterFor(currency).resolvedOptions().maximumFractionDigits ?? 2);
  return Math.min(shown, minorUnitDigits(currency), 2);
}

/** An amount as the price field expects it in this currency: "12.50" (USD) or "1250" (JPY). */
export function amountExample(currency: string = DEFAULT_CURRENCY): string {
  const digits = entryDigits(currency);
  return digits === 0 ? '1250' : (12.5).toFixed(digits);
}

/**
 * Parses an amount as typed by an admin into the minor unit, without floating point: "12.50" is
 * 1250 in USD; "1250" is 1250 in JPY, where "12.50" is refused. Returns null for anything that
 * is not a plain decimal with at most `allowed` decimals: the currency's entry digits unless
 * said otherwise (a CSV file's prices may have every digit the minor unit has, formatAmount).
 */
export function parseAmountToCents(
  amount: string,
  currency: string = DEFAULT_CURRENCY,
  allowed: number = entryDigits(currency),
): Cents | null {
  const digits = minorUnitDigits(currency);
  allowed = Math.min(allowed, digits);
  const pattern = allowed === 0 ? /^(\d+)$/ : new RegExp(`^(\\d+)(?:\\.(\\d{1,${allowed}}))?$`);
  const match = pattern.exec(amount.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  return Number(whole) * 10 ** digits + Number(fraction || '0');
}

/**
 * An amount as a plain decimal with every digit of the minor unit, no sign of the currency and
 * no grouping: 1250 is "12.50" in USD, "1250" in JPY, "1.250" in BHD. What the CSV files carry;
 * `parseAmountToCents(text, currency, minorUnitDigits(currency))` reads it back exactly.
 */
export function formatAmount(cents: Cents, currency: string = DEFAULT_CURRENCY): string {
  const digits = minorUnitDigits(currency);
  const sign = cents < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(cents))).padStart(digits + 1, '0');
  if (digits === 0) return sign + text;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
