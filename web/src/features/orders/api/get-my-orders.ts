import { apiPaths, type Order } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The signed-in customer's orders; under "orders" so a new order or a payment refreshes them. */
export const myOrdersQueryOptions = (email: string) =>
  getQueryOptions<Order[]>(queryKeys.orders.mine(email), apiPaths.ordersOf(email), {
    // Payment state can change on the server (webhook): ask again whenever the screen opens.
    staleTime: 0,
  });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
