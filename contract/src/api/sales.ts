/**
 * The owner's sales figures (issue 27 items 1 to 3, docs/decisions/070): GET /admin/sales answers
 * them for a range of days in the shop's time zone (SHOP_TIME_ZONE), against the period of the
 * same length just before, from totals the API keeps per day as orders are paid and refunded.
 * Amounts are integer minor units of the shop's currency. No yup here: the paths and the public
 * pages import this module; the query's schema is sales-query-schema.ts.
 */

/** The longest range the figures are read for at once: a year and a day. */
export const SALES_MAX_DAYS = 366;

/** The ranges the Overview offers; `custom` takes `from` and `to`. */
export const SALES_RANGES = [
  { key: 'today', label: 'Today', days: 1 },
  { key: '7d', label: '7 days', days: 7 },
  { key: '30d', label: '30 days', days: 30 },
] as const;

/** One range's figures. */
export interface SalesTotals {
  /** What paid orders cost their customers, on the days they were paid. */
  revenue: number;
  /** Orders paid on these days. */
  orders: number;
  /** revenue / orders, rounded to a whole minor unit; 0 without orders. */
  averageOrderValue: number;
  /** Orders refunded on these days, and the money given back. */
  refunds: number;
  refundedAmount: number;
  /** revenue minus refundedAmount. */
  netRevenue: number;
  /** Product pages viewed on these days (counted from when the shop kept views per day). */
  productViews: number;
  /** orders / productViews; null without a view. */
  conversion: number | null;
}

/** One day of the chart and the table. */
export interface SalesDay {
  /** YYYY-MM-DD in the shop's time zone. */
  day: string;
  revenue: number;
  orders: number;
  refunds: number;
  refundedAmount: number;
}

/** A part's share of the range's paid orders (its lines' totals and units). */
export interface TopPart {
  partId: string;
  partName: string;
  revenue: number;
  units: number;
}

/** A part, or one variant of it, at or below its low-stock threshold. */
export interface LowStockItem {
  partId: string;
  /** The variant's sku, for a part sold in variants. */
  sku?: string;
  /** "Road tyre" or "Road tyre (700x28c)". */
  name: string;
  units: number;
  threshold: number;
  /** When it went low (ISO 8601). */
  since: string;
}

/** GET /admin/sales. */
export interface SalesReport {
  from: string;
  to: string;
  /** The period of as many days just before `from`. */
  previousFrom: string;
  previousTo: string;
  timeZone: string;
  currency: string;
  current: SalesTotals;
  previous: SalesTotals;
  /** Every day from `from` to `to`, days without sales at 0. */
  days: SalesDay[];
  /** The range's best parts: by revenue, and by units (ten each). */
  topByRevenue: TopPart[];
  topByUnits: TopPart[];
  lowStock: LowStockItem[];
  /**
   * How far the figures lag the orders: order changes not counted yet (they follow from the
   * orders' events, docs/decisions/084), and the age of the oldest in seconds (0 when none).
   */
  lag: { waiting: number; seconds: number };
}

/** How the Overview says how far its figures lag the orders. */
export function lagText(lag: SalesReport['lag']): string {
  if (lag.waiting === 0) return 'Figures are up to date.';
  const changes = lag.waiting === 1 ? '1 order change' : `${lag.waiting} order changes`;
  return `Figures are catching up: ${changes} from the last ${Math.max(1, lag.seconds)} s not counted yet.`;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a day that exists, like 2026-03-31. */
export const isDay = (text: string): boolean =>
  DAY_PATTERN.test(text) && new Date(`${text}T00:00:00.000Z`).toISOString().startsWith(text);

/** `day` moved by `days` (either way). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The day `at` falls on in `timeZone` (YYYY-MM-DD). */
export function dayIn(timeZone: string, at: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** `?from=&to=` or `?days=` of a sales query, "" when it names none. */
export function salesSearch(query: { from?: string; to?: string; days?: number }): string {
  const pairs = (['from', 'to', 'days'] as const).flatMap((key) =>
    query[key] === undefined || query[key] === '' ? [] : [`${key}=${query[key]}`],
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
