import { apiPaths, type DeleteResult, type Order } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const deleteOrder = (id: string) => api.delete<DeleteResult>(apiPaths.order(id));

/**
 * DELETE /ordered/{id}, by its customer or an admin: only unpaid orders; their reserved stock goes
 * back to the part.
 */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Pick<Order, '_id' | 'partId'>) => deleteOrder(order._id),
    onSuccess: (_result, order) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.any() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.one(order.partId) }),
      ]),
  });
}
