import { apiPaths, type Order } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { refreshAfterOrderChange } from './order-changed.js';

/**
 * POST /ordered/{id}/cancel, by its customer or an admin, while it is unpaid: it stays in the
 * lists as cancelled, its stock returns and its payment intent is cancelled.
 */
export const cancelOrder = (id: string) => api.post<Order>(apiPaths.cancelOrder(id));

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => refreshAfterOrderChange(queryClient, { stockReturned: true }),
  });
}
