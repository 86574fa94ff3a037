import { apiPaths, type Cart, type CartMergeInput } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { cartQueryOptions } from './get-cart.js';

/** POST /cart/merge { items }: the visitor's browser cart joins the account's stored cart. */
export const mergeCart = (input: CartMergeInput) => api.post<Cart>(apiPaths.mergeCart(), input);

/** The merge's key, so the cart can tell while one is under way or failed. */
export const MERGE_CART_MUTATION_KEY = ['cart', 'merge'] as const;

export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MERGE_CART_MUTATION_KEY,
    mutationFn: mergeCart,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryOptions().queryKey, cart),
  });
}
