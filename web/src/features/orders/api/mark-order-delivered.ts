import { apiPaths, type Order } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { refreshAfterOrderChange } from './order-changed.js';

/** POST /ordered/{id}/delivered (admin): shipped → delivered. */
export const markOrderDelivered = (id: string) => api.post<Order>(apiPaths.markOrderDelivered(id));

export function useMarkOrderDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderDelivered,
    onSuccess: () => refreshAfterOrderChange(queryClient, { stockReturned: false }),
  });
}
