import { apiPaths, type Order, type OrdersListQuery } from '@sprocket/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { listSearch } from '../../../lib/list-search.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** GET /ordered?q=&status=&sort=&page=&pageSize= (admin): one page and the number of matches. */
export const getAllOrders = (query: OrdersListQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.page<Order>(`${apiPaths.orders()}${listSearch(query)}`, { signal });

/** A page of every customer's orders; under "orders" so payments and deliveries refresh it. */
export const allOrdersQueryOptions = (query: OrdersListQuery) =>
  queryOptions({
    queryKey: queryKeys.orders.allMatching(query),
    queryFn: ({ signal }) => getAllOrders(query, { signal }),
    // Customers pay while the admin watches: ask again whenever the screen opens.
    staleTime: 0,
    // The rows stay while the next page, search or sort loads.
    placeholderData: keepPreviousData,
  });

export const useAllOrders = (query: OrdersListQuery) => useQuery(allOrdersQueryOptions(query));
