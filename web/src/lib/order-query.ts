import { apiPaths, type Order } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.js';
import { orderLinkOf } from './order-links.js';
import { queryKeys } from './query-keys.js';

/**
 * One order with its lines and timeline (its customer or an admin), read by the orders' screens
 * and the payment screens alike (so it lives here, not in either feature); under "orders" so every
 * change of an order refreshes it.
 */
const ORDER_FRESH_MS = 5_000;

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.one(id),
    // A guest's order is read with its private link, when this tab holds it (decision 066).
    queryFn: ({ signal }) =>
      api.get<Order>(apiPaths.order(id), { signal, orderToken: orderLinkOf(id) }),
    // Payments and shipping change it on the server: ask again whenever a screen opens it, unless
    // it just came with an answer (the checkout's, the payment's).
    staleTime: ORDER_FRESH_MS,
    // The order screens say in place why the order could not be loaded.
    meta: { errorToast: false },
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
