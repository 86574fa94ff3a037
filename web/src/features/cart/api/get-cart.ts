import { apiPaths, type Cart } from '@sprocket/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The stored cart as it is now, past the cache (adding to a line starts from it). */
export const getCart = () => api.get<Cart>(apiPaths.cart());

/**
 * The signed-in customer's stored cart, under "cart"; every cart change answers with the whole
 * cart, which replaces this entry.
 */
export const cartQueryOptions = () =>
  getQueryOptions<Cart>(queryKeys.cart(), apiPaths.cart(), {
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
