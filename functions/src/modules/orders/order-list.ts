/**
 * Manage All Orders' table (GET /ordered with query parameters): search, a status filter, sort by
 * column and one page, over the orders the caller may see.
 */
import {
  effectiveStatus,
  type Order,
  type OrderSortColumn,
  type OrdersListQuery,
} from '@sprocket/contract';
import { adminTablePage, searchFold, type Page } from '../list-query.js';

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

export function queryOrders(
  orders: readonly Order[],
  query: Omit<OrdersListQuery, 'email'>,
  now: Date,
): Page<Order> {
  return adminTablePage<Order, OrderSortColumn>(orders, query, {
    searchText: searchTextOf,
    filter: (order) => query.status === undefined || effectiveStatus(order, now) === query.status,
    valueOf: (order, column) => valueOf(order, column, now),
  });
}
