/**
 * Query strings of the admin tables (GET /ordered, GET /users): search, a status filter, sort by
 * column and pages. Without any of them the API answers the whole list, oldest first, as the
 * original API did; with any, newest first unless `sort` says otherwise, one page at a time, and
 * the number of matches in the `X-Total-Count` header (TOTAL_COUNT_HEADER).
 */
import * as yup from 'yup';
import { statusLabel, type OrderStatus } from '../orders/order-rules.js';
import { EMAIL_MAX } from '../schemas/text-limits.js';
import { pagingFields, searchTextField } from './catalogue-query-schema.js';

export const ORDER_STATUSES = Object.keys(statusLabel) as OrderStatus[];
/** All Orders' "To ship": paid or processing, what an admin ships next (issue 36 item 7). */
export const TO_SHIP = 'to-ship';
/** What All Orders filters by: "To ship", or one status. */
export const ORDER_STATUS_FILTERS = [TO_SHIP, ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
/** The words of each filter, for the pickers. */
export const orderStatusFilterLabel: Record<OrderStatusFilter, string> = {
  [TO_SHIP]: 'To ship',
  ...statusLabel,
};
/** Whether an order with this status (as the lists show it) is in the filter. */
export const inStatusFilter = (status: OrderStatus, filter: OrderStatusFilter): boolean =>
  filter === TO_SHIP ? status === 'paid' || status === 'processing' : status === filter;

/** A column to sort by; a leading "-" sorts it descending ("-createdAt" is newest first). */
const sortOf = <T extends string>(columns: readonly T[]) => {
  const sorts = columns.flatMap((column) => [column, `-${column}`] as const);
  const message = `Sort by one of: ${sorts.join(', ')}`;
  return yup
    .string()
    .trim()
    .max(Math.max(...sorts.map((sort) => sort.length)), message)
    .oneOf(sorts, message)
    .optional();
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day of a query string ("2026-03-31", UTC), checked as a date that exists. */
export const queryDayField = (name: string) =>
  yup
    .string()
    .trim()
    .max(10, `${name} is a day like 2026-03-31`)
    .test('day', `${name} is a day like 2026-03-31`, (value) => {
      if (value === undefined || value === '') return true;
      if (!DAY.test(value)) return false;
      const day = new Date(`${value}T00:00:00.000Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    })
    .optional();

/** A query of `from` and `to` days in which `to` does not come before `from`. */
export const dayRangeInOrder = <T extends { from?: string; to?: string }>(
  schema: yup.ObjectSchema<T>,
) =>
  schema.test('range', 'The end must not be before the start', function (query) {
    const { from, to } = query as { from?: string; to?: string };
    if (!from || !to || from <= to) return true;
    return this.createError({ path: 'to', message: 'The end must not be before the start' });
  });

export const ORDER_SORT_COLUMNS = [
  'createdAt',
  'totalPrice',
  'email',
  'partName',
  'orderQuantity',
  'status',
] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

/**
 * Which orders an admin picked (All Orders, and its CSV export): `email=` one customer's, `q`
 * words of the customer's email and name, the parts' names and the order's id, a status, and
 * the days they were placed, `from` and `to` inclusive (UTC).
 */
const orderSelectionFields = {
  email: yup
    .string()
    .trim()
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .email('Email is not valid')
    .optional(),
  q: searchTextField(),
  status: yup
    .string()
    .trim()
    .max(Math.max(...ORDER_STATUS_FILTERS.map((status) => status.length)), 'Not an order status')
    .oneOf(ORDER_STATUS_FILTERS, `Status is one of: ${ORDER_STATUS_FILTERS.join(', ')}`)
    .optional(),
  from: queryDayField('From'),
  to: queryDayField('To'),
};

/** GET /admin/orders.csv?email=&q=&status=&from=&to=: the orders All Orders shows, as CSV. */
export const ordersSelectionSchema = dayRangeInOrder(yup.object(orderSelectionFields));
export type OrdersSelection = yup.InferType<typeof ordersSelectionSchema>;

/** GET /ordered with the selection, a sort and a page. */
export const ordersListQuerySchema = dayRangeInOrder(
  yup.object({
    ...orderSelectionFields,
    sort: sortOf(ORDER_SORT_COLUMNS),
    ...pagingFields,
  }),
);
export type OrdersListQuery = yup.InferType<typeof ordersListQuerySchema>;

export const USER_ROLES = ['admin', 'customer'] as const;
export const USER_SORT_COLUMNS = ['createdAt', 'email'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** GET /users?q=&role=&sort=&page=&pageSize=. `q` matches the email address. */
export const usersListQuerySchema = yup.object({
  q: searchTextField(),
  role: yup
    .string()
    .trim()
    .max(8, 'Role is admin or customer')
    .oneOf(USER_ROLES, 'Role is admin or customer')
    .optional(),
  sort: sortOf(USER_SORT_COLUMNS),
  ...pagingFields,
});
export type UsersListQuery = yup.InferType<typeof usersListQuerySchema>;

export const CUSTOMER_SORT_COLUMNS = [
  'lastOrderAt',
  'totalSpent',
  'orders',
  'email',
  'name',
] as const;
export type CustomerSortColumn = (typeof CUSTOMER_SORT_COLUMNS)[number];

/**
 * GET /admin/customers?q=&sort=&page=&pageSize=: everyone who has paid for an order, by email
 * (guests too), with their figures; `q` matches the name and the email. Latest order first.
 */
export const customersQuerySchema = yup.object({
  q: searchTextField(),
  sort: sortOf(CUSTOMER_SORT_COLUMNS),
  ...pagingFields,
});
export type CustomersQuery = yup.InferType<typeof customersQuerySchema>;

/** One customer of GET /admin/customers. */
export interface Customer {
  email: string;
  /** The name their latest paid order was placed under. */
  name: string;
  /** Paid orders, less those refunded. */
  orders: number;
  /** What those orders came to, in the currency's minor unit. */
  totalSpent: number;
  /** When the latest of their orders was paid (ISO 8601). */
  lastOrderAt: string;
}
