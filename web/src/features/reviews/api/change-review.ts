import {
  apiPaths,
  type CatalogueReview,
  type DeleteResult,
  type ReviewEdit,
  type ReviewRemoval,
} from '@sprocket/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
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
  invalidate(queryClient, queryKeys.reviews(), queryKeys.parts.all(), queryKeys.parts.anyOne());

export const useEditReview = () => useApiMutation(editReview, refreshAfterChange);

export const useRemoveReview = () => useApiMutation(removeReview, refreshAfterChange);
