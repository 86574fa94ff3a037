import { apiPaths, type DeleteResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** DELETE /parts/{id} (admin); orders keep their own copy of the part's name and price. */
export const deletePart = (partId: string) => api.delete<DeleteResult>(apiPaths.part(partId));

export const useDeletePart = () =>
  useApiMutation(deletePart, (queryClient, _result, partId) => {
    queryClient.removeQueries({ queryKey: queryKeys.parts.one(partId) });
    return invalidate(queryClient, queryKeys.parts.all());
  });
