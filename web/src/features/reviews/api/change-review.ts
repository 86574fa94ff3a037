import {
  apiPaths,
  type CatalogueReview,
  type DeleteResult,
  type ReviewEdit,
  type ReviewRemoval,
} from '@sprocket/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** PATCH /reviews/{id}: the author changes the text, the rating or both. */
export const editReview = ({ id, edit }: { id: string; edit: ReviewEdit }) =>
  api.patch<CatalogueReview>(apiPaths.review(id), edit);

/**
 * DELETE /reviews/{id}: by its author with no body, or by an admin with the reason, which the
 * shop keeps with a copy of the review (moderation).
 */
export const removeReview = ({ id, removal }: { id: string; removal?: ReviewRemoval }) =>
  apiRequest<DeleteResult>(apiPaths.review(id), { method: 'DELETE', body: removal });

/** A review's change moves its part's average rating: the reviews and the parts are stale. */
const refreshAfterChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.reviews() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.parts.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.parts.anyOne() }),
  ]);

export function useEditReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editReview,
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useRemoveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReview,
    onSuccess: () => refreshAfterChange(queryClient),
  });
}
