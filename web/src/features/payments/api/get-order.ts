import { apiPaths, type Order } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getOrder = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Order>(apiPaths.order(id), { signal });

/** One order (owner or admin, bearer); under "orders" so a payment refreshes it. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.one(id),
    queryFn: ({ signal }) => getOrder(id, { signal }),
    staleTime: 0,
    // The payment page shows why the order could not be loaded.
    meta: { errorToast: false },
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
