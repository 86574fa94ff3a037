import { apiPaths, type Order } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getAllOrders = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<Order[]>(apiPaths.orders(), { signal });

/** Every order (admin); under "orders" so payments and deliveries refresh it. */
export const allOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.all(),
    queryFn: ({ signal }) => getAllOrders({ signal }),
    // Customers pay while the admin watches: ask again whenever the screen opens.
    staleTime: 0,
  });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
