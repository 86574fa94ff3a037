import { apiPaths, type Cart } from '@sprocket/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getCart = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<Cart>(apiPaths.cart(), { signal });

/**
 * The signed-in customer's stored cart, under "cart"; every cart change answers with the whole
 * cart, which replaces this entry.
 */
export const cartQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.cart(),
    queryFn: ({ signal }) => getCart({ signal }),
    // Stock and prices move while the cart waits: ask again whenever a screen opens it.
    staleTime: 0,
  });

/** `enabled`: only with a session; a visitor's cart is the browser's (browser-cart.ts). */
export const useServerCart = (enabled: boolean) => useQuery({ ...cartQueryOptions(), enabled });

/**
 * Puts the cart a change answered with in place of the stored one. A read of the cart sent before
 * the change would still land after it and put back the cart as it was, so it is cancelled first.
 */
export async function replaceCart(queryClient: QueryClient, cart: Cart) {
  await queryClient.cancelQueries({ queryKey: queryKeys.cart() });
  queryClient.setQueryData<Cart>(queryKeys.cart(), cart);
}
