import { apiPaths, type InsertResult, type PartInput } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** POST /parts (admin): the price travels in cents. */
export const addPart = (part: PartInput) => api.post<InsertResult>(apiPaths.parts(), part);

export function useAddPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.parts.all() }),
  });
}
