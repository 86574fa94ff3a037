import { apiPaths, type Cart, type CartMergeInput } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { mutationKeys } from '../../../lib/query-keys.js';
import { replaceCart } from './get-cart.js';

/** POST /cart/merge { items }: the visitor's browser cart joins the account's stored cart. */
export const mergeCart = (input: CartMergeInput) => api.post<Cart>(apiPaths.mergeCart(), input);

export const useMergeCart = () =>
  // Keyed so that the cart can tell while a merge is under way or failed.
  useApiMutation(mergeCart, replaceCart, { mutationKey: mutationKeys.mergeCart() });
