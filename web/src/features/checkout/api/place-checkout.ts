import { apiPaths, type CheckoutInput, type InsertResult } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * POST /checkout: one order of every line, their stock all reserved or none; a 409 names each
 * line that cannot be had by part id (ApiError.fields). The checked-out parts leave the cart.
 */
export const placeCheckout = (input: CheckoutInput) =>
  api.post<InsertResult>(apiPaths.checkout(), input);

export function usePlaceCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCheckout,
    // The checkout page shows a refusal beside the lines it is about.
    meta: { errorToast: false },
    onSuccess: (_result, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.cart() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.any() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.anyOne() }),
        ...(input.saveAddress
          ? [queryClient.invalidateQueries({ queryKey: queryKeys.profiles.savedAddress() })]
          : []),
      ]),
    // A refusal is about stock that moved: the cart shows the parts as they are now.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart() }),
  });
}
