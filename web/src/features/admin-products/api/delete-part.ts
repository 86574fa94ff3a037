import { apiPaths, type DeleteResult } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** DELETE /parts/{id} (admin); orders keep their own copy of the part's name and price. */
export const deletePart = (partId: string) => api.delete<DeleteResult>(apiPaths.part(partId));

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: async (_result, partId) => {
      queryClient.removeQueries({ queryKey: queryKeys.parts.one(partId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.parts.all() });
    },
  });
}
