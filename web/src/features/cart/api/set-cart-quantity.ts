import { apiPaths, type Cart } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { replaceCart } from './get-cart.js';

/**
 * PUT /cart/items/{partId} { quantity, sku? }: the line's new quantity (of one variant, for a part
 * sold in variants); answers the whole cart.
 */
export const setCartQuantity = ({
  partId,
  quantity,
  sku,
}: {
  partId: string;
  quantity: number;
  sku?: string;
}) => api.put<Cart>(apiPaths.cartItem(partId), sku ? { quantity, sku } : { quantity });

export const useSetCartQuantity = () => useApiMutation(setCartQuantity, replaceCart);
