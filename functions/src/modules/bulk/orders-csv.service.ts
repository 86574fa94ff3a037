/**
 * GET /admin/orders.csv: the orders for the owner's accounting, one row per order line, amounts
 * as decimals in the shop's currency. The status is the order's as the admin lists show it at
 * the time of the export (an unpaid order whose hold ran out reads cancelled); exporting writes
 * nothing.
 */
import { effectiveStatus, formatAmount, ORDERS_CSV_COLUMNS } from '@sprocket/contract';
import type { Filter, Store } from '../../store/port.js';
import { badRequest } from '../errors.js';
import { ORDERS, toOrder, type OrderDoc } from '../orders/order-record.js';
import { toCsv } from './csv.js';

/** Which orders, by their creation time: each bound a filter on `createdAt`. */
export interface OrdersRange {
  from?: Filter;
  to?: Filter;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A day ("2026-03-31", UTC) or a time with its offset, as the instant it starts; else null. */
function instantOf(value: string): Date | null {
  if (DAY.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    // Date reads "2026-02-30" as 2 March: a day that does not exist is refused.
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? day : null;
  }
  if (!TIME.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * `from` and `to` of the query string: a day includes all of it (`to=2026-03-31` is up to the
 * end of that day, UTC); a time is exact. Either may be left out; a bad one is a 400.
 */
export function ordersRange(query: { from?: string; to?: string }): OrdersRange {
  const range: OrdersRange = {};
  const bound = (name: 'from' | 'to') => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    const instant = instantOf(value.trim());
    if (!instant) {
      throw badRequest(
        `${name} must be a date like 2026-03-31 or a time like 2026-03-31T12:00:00Z`,
      );
    }
    return { instant, day: DAY.test(value.trim()) };
  };
  const from = bound('from');
  const to = bound('to');
  if (from) range.from = { field: 'createdAt', op: '>=', value: from.instant.toISOString() };
  if (to) {
    range.to = to.day
      ? {
          field: 'createdAt',
          op: '<',
          value: new Date(to.instant.getTime() + DAY_MS).toISOString(),
        }
      : { field: 'createdAt', op: '<=', value: to.instant.toISOString() };
  }
  // A day's end is the last instant before the next day.
  const last = to && to.instant.getTime() + (to.day ? DAY_MS - 1 : 0);
  if (from && last !== undefined && from.instant.getTime() > last) {
    throw badRequest('from must not be after to');
  }
  return range;
}

/** Every line of the orders in `range`, oldest order first, as CSV in ORDERS_CSV_COLUMNS. */
export async function exportOrdersCsv(
  store: Store,
  currency: string,
  range: OrdersRange,
  now: Date,
): Promise<string> {
  const docs = await store.query<OrderDoc>(ORDERS, {
    where: [range.from, range.to].filter((filter) => filter !== undefined),
    orderBy: [{ field: 'createdAt' }],
  });
  const money = (cents: number) => formatAmount(cents, currency);
  const rows = docs.flatMap((doc) => {
    const order = toOrder(doc);
    const status = effectiveStatus(order, now);
    return order.lines.map((line) => [
      order._id,
      order.createdAt,
      status,
      order.email,
      line.partId,
      line.partName,
      line.quantity,
      money(line.price),
      money(line.lineTotal),
      money(order.totalPrice),
      currency,
    ]);
  });
  return toCsv([ORDERS_CSV_COLUMNS, ...rows]);
}
