import { apiPaths, type Cart } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { replaceCart } from './get-cart.js';

/** DELETE /cart/items/{partId}(?sku=): answers the cart without that line. */
export const removeCartItem = ({ partId, sku }: { partId: string; sku?: string }) =>
  api.delete<Cart>(
    sku ? `${apiPaths.cartItem(partId)}?sku=${encodeURIComponent(sku)}` : apiPaths.cartItem(partId),
  );

export const useRemoveCartItem = () => useApiMutation(removeCartItem, replaceCart);
