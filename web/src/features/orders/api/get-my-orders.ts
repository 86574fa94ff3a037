import { apiPaths, type Order } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getMyOrders = (email: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Order[]>(apiPaths.ordersOf(email), { signal });

/** The signed-in customer's orders; under "orders" so a new order or a payment refreshes them. */
export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.orders.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, { signal }),
    // Payment state can change on the server (webhook): ask again whenever the screen opens.
    staleTime: 0,
  });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
