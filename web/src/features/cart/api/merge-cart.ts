import { apiPaths, type Cart, type CartMergeInput } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { replaceCart } from './get-cart.js';
import { mutationKeys } from '../../../lib/query-keys.js';

/** POST /cart/merge { items }: the visitor's browser cart joins the account's stored cart. */
export const mergeCart = (input: CartMergeInput) => api.post<Cart>(apiPaths.mergeCart(), input);

export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    // Keyed so that the cart can tell while a merge is under way or failed.
    mutationKey: mutationKeys.mergeCart(),
    mutationFn: mergeCart,
    onSuccess: (cart) => replaceCart(queryClient, cart),
  });
}
