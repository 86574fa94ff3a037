import { apiPaths, type UpdateResult } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** PUT /ordered/{id} { delivertext: true }: a paid order moves on to processing. */
export const deliverOrder = (id: string) =>
  api.put<UpdateResult>(apiPaths.order(id), { delivertext: true });

export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.any() }),
  });
}
