import { apiPaths, type Cart } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { replaceCart } from './get-cart.js';

/** DELETE /cart/items/{partId}: answers the cart without that line. */
export const removeCartItem = (partId: string) => api.delete<Cart>(apiPaths.cartItem(partId));

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: (cart) => replaceCart(queryClient, cart),
  });
}
