/**
 * Manage All Orders' table (GET /ordered with query parameters): search, filters by status, days
 * and customer, sort by column and one page, over the orders the caller may see; the CSV export
 * (GET /admin/orders.csv) selects its orders with the same `selectsOrder`.
 */
import {
  effectiveStatus,
  inStatusFilter,
  type Order,
  type OrderSortColumn,
  type OrdersListQuery,
  type OrdersSelection,
} from '@sprocket/contract';
import type { Filter } from '../../store/port.js';
import { adminTablePage, matchesWords, searchFold, searchWords, type Page } from '../list-query.js';
import { daysRange, type DaysRange } from '../days-range.js';

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
  range: DaysRange,
  now: Date,
): (order: Order) => boolean {
  const words = searchWords(selection.q);
  const email = selection.email?.toLowerCase();
  return (order) =>
    (email === undefined || order.email.toLowerCase() === email) &&
    (selection.status === undefined ||
      inStatusFilter(effectiveStatus(order, now), selection.status)) &&
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
  const selects = selectsOrder(selection, daysRange({ from, to }, 'createdAt'), now);
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
