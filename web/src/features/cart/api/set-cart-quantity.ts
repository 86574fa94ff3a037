import { apiPaths, type Cart } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { replaceCart } from './get-cart.js';

/** PUT /cart/items/{partId} { quantity }: the line's new quantity; answers the whole cart. */
export const setCartQuantity = ({ partId, quantity }: { partId: string; quantity: number }) =>
  api.put<Cart>(apiPaths.cartItem(partId), { quantity });

export const useSetCartQuantity = () => useApiMutation(setCartQuantity, replaceCart);
