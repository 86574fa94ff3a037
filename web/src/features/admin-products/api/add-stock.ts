import { apiPaths, type UpdateResult } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export interface AddStockRequest {
  partId: string;
  addQuantity: number;
}

/**
 * PUT /parts/{id} { addQuantity }: the server adds to the stock atomically (docs/architecture.md
 * §5), so two admins adding stock at once lose nothing.
 */
export const addStock = ({ partId, addQuantity }: AddStockRequest) =>
  api.put<UpdateResult>(apiPaths.part(partId), { addQuantity });

export function useAddStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStock,
    onSuccess: (_result, { partId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.one(partId) }),
      ]),
  });
}
