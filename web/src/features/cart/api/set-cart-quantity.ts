import { apiPaths, type Cart } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { replaceCart } from './get-cart.js';

export interface CartQuantityChange {
  partId: string;
  quantity: number;
}

/** PUT /cart/items/{partId} { quantity }: the line's new quantity; answers the whole cart. */
export const setCartQuantity = ({ partId, quantity }: CartQuantityChange) =>
  api.put<Cart>(apiPaths.cartItem(partId), { quantity });

export function useSetCartQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCartQuantity,
    onSuccess: (cart) => replaceCart(queryClient, cart),
  });
}
