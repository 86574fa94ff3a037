import { apiPaths, type InsertResult, type PlaceOrderInput } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** POST /ordered with the bearer token; the server takes name, email and price from its own records. */
export const placeOrder = (body: PlaceOrderInput) =>
  api.post<InsertResult>(apiPaths.orders(), body);

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async (result, body) => {
      if (!result.acknowledged) return;
      // The order reserved stock: the part, the catalogue and the buyer's orders all changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.one(body.partId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.any() }),
      ]);
    },
  });
}
