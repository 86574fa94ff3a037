import {
  cartFromLines,
  cartLineKey,
  apiPaths,
  type Cart,
  type CheckoutInput,
  type CheckoutResult,
  type GuestCheckoutInput,
} from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../../lib/api-client.js';
import { rememberIntentOf, rememberOrderLink } from '../../../lib/order-links.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * POST /checkout: one order of every line, their stock all reserved or none; a 409 names each
 * line that cannot be had by part id (ApiError.fields). The checked-out parts leave the cart
 * (useLeaveCheckedOutLines).
 * Each call is one attempt with a key of its own, asked again with it after a timeout, a network
 * error or a busy shop, so the order is placed once (docs/decisions/062).
 */
export const placeCheckout = (input: CheckoutInput | GuestCheckoutInput) =>
  api.post<CheckoutResult>(apiPaths.checkout(), input, { idempotencyKey: newIdempotencyKey() });

/** The cart without the lines of `lineKeys` (cartLineKey), built again as the server builds it. */
const withoutParts = (cart: Cart, lineKeys: ReadonlySet<string>): Cart =>
  cartFromLines(cart.lines.filter((line) => !lineKeys.has(cartLineKey(line.partId, line.sku))));

export function usePlaceCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCheckout,
    // The checkout page shows a refusal beside the lines it is about.
    meta: { errorToast: false },
    // The answer carries the order and its payment intent: the pay step reads them from the cache
    // instead of asking again (issue 22). What changed elsewhere is marked stale and read again
    // when next shown, not now, so paying takes no request it does not need.
    onSuccess: (result, input) => {
      // A guest's order is read and paid with its private link (docs/decisions/066).
      if (result.orderToken) {
        rememberOrderLink(result.insertedId, result.orderToken);
        if (result.payment) rememberIntentOf(result.insertedId, result.payment.clientSecret);
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.any(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all(), refetchType: 'none' });
      void queryClient.invalidateQueries({
        queryKey: queryKeys.parts.anyOne(),
        refetchType: 'none',
      });
      if (input.saveAddress) {
        void queryClient.invalidateQueries({
          queryKey: queryKeys.profiles.savedAddress(),
          refetchType: 'none',
        });
      }
      queryClient.setQueryData(queryKeys.orders.one(result.insertedId), result.order);
      if (result.payment) {
        queryClient.setQueryData(queryKeys.paymentIntent(result.insertedId), result.payment);
      }
    },
    // A refusal is about stock that moved: the cart shows the parts as they are now.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart() }),
  });
}

/**
 * The server took the checked-out parts out of the stored cart; so does the cached one (a read of
 * the cart still under way would put them back, so it is cancelled first). Called once the page
 * has turned to the placed order, so the cart emptying never shows "Your cart is empty" there.
 */
export function useLeaveCheckedOutLines() {
  const queryClient = useQueryClient();
  return async (items: CheckoutInput['items']) => {
    const checkedOut = new Set(items.map((item) => cartLineKey(item.partId, item.sku)));
    await queryClient.cancelQueries({ queryKey: queryKeys.cart() });
    queryClient.setQueryData<Cart>(
      queryKeys.cart(),
      (cart) => cart && withoutParts(cart, checkedOut),
    );
  };
}
