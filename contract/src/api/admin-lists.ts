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
 * GET /ordered?q=&status=&sort=&page=&pageSize= (and `email=` for one customer's orders). `q`
 * matches the customer's email and name, the parts' names and the order's id.
 */
export const ordersListQuerySchema = yup.object({
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
    .max(Math.max(...ORDER_STATUSES.map((status) => status.length)), 'Not an order status')
    .oneOf(ORDER_STATUSES, `Status is one of: ${ORDER_STATUSES.join(', ')}`)
    .optional(),
  sort: sortOf(ORDER_SORT_COLUMNS),
  ...pagingFields,
});
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
