/**
 * Manage All Orders' table (GET /ordered with query parameters): search, filters by status, days
 * and customer, sort by column and one page, over the orders the caller may see; the CSV export
 * (GET /admin/orders.csv) selects its orders with the same `selectsOrder`.
 */
import {
  effectiveStatus,
  type Order,
  type OrderSortColumn,
  type OrdersListQuery,
  type OrdersSelection,
} from '@sprocket/contract';
import type { Filter } from '../../store/port.js';
import { validationFailed } from '../errors.js';
import { adminTablePage, matchesWords, searchFold, searchWords, type Page } from '../list-query.js';

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
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) && inYears(day)
      ? day
      : null;
  }
  if (!TIME.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) || !inYears(time) ? null : time;
}

/** Years 1 to 9999: the ones an ISO date writes in four digits, as the stored times are. */
const inYears = (instant: Date) =>
  instant.getUTCFullYear() >= 1 && instant.getUTCFullYear() <= 9999;

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
      throw validationFailed({
        [name]: `${name} must be a date like 2026-03-31 or a time like 2026-03-31T12:00:00Z, in the years 1 to 9999`,
      });
    }
    return { instant, day: DAY.test(value.trim()) };
  };
  const from = bound('from');
  const to = bound('to');
  if (from) range.from = { field: 'createdAt', op: '>=', value: from.instant.toISOString() };
  // A day's end is the last instant before the next day: compared as text with `<=`, as the next
  // day after 9999-12-31 would be written "+010000-…", which sorts before every date.
  const last = to && to.instant.getTime() + (to.day ? DAY_MS - 1 : 0);
  if (to && last !== undefined) {
    range.to = { field: 'createdAt', op: '<=', value: new Date(last).toISOString() };
  }
  if (from && last !== undefined && from.instant.getTime() > last) {
    throw validationFailed({ to: 'The end must not be before the start' });
  }
  return range;
}

/** What `q` searches: the customer's email and name, every line's part, the order's id. */
const searchTextOf = (order: Order): string =>
  searchFold(
    [order._id, order.email, order.userName, ...order.lines.map((line) => line.partName)].join(
      '\n',
    ),
  );

const valueOf = (order: Order, column: OrderSortColumn, now: Date): string | number => {
  switch (column) {
    case 'createdAt':
      return Date.parse(order.createdAt) || 0;
    case 'status':
      return effectiveStatus(order, now);
    default:
      return order[column];
  }
};

/** Whether a time (ISO 8601 in UTC, as orders keep it) is within a bound of the range. */
const within = (time: string, bound: Filter | undefined): boolean => {
  if (bound === undefined) return true;
  const value = String(bound.value);
  if (bound.op === '>=') return time >= value;
  if (bound.op === '<') return time < value;
  return time <= value;
};

/**
 * Whether an order is in the admin's selection: of the customer (`email`, as stored, lower
 * case), with every word of `q`, in `status` as the admin lists show it at `now`, and placed in
 * the range; `q` and `email` left out select everything.
 */
export function selectsOrder(
  selection: Omit<OrdersSelection, 'from' | 'to'>,
  range: OrdersRange,
  now: Date,
): (order: Order) => boolean {
  const words = searchWords(selection.q);
  const email = selection.email?.toLowerCase();
  return (order) =>
    (email === undefined || order.email.toLowerCase() === email) &&
    (selection.status === undefined || effectiveStatus(order, now) === selection.status) &&
    within(order.createdAt, range.from) &&
    within(order.createdAt, range.to) &&
    matchesWords(searchTextOf(order), words);
}

/** One page of the orders the query selects (its `email` already chose whose were read). */
export function queryOrders(
  orders: readonly Order[],
  query: Omit<OrdersListQuery, 'email'>,
  now: Date,
): Page<Order> {
  const { q, sort, page, pageSize, from, to, ...selection } = query;
  const selects = selectsOrder(selection, ordersRange({ from, to }), now);
  return adminTablePage<Order, OrderSortColumn>(
    orders,
    { q, sort, page, pageSize },
    {
      searchText: searchTextOf,
      filter: selects,
      valueOf: (order, column) => valueOf(order, column, now),
    },
  );
}
