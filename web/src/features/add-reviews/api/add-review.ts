import { apiPaths, type InsertResult, type ReviewInput } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** POST /reviews: the reviewer's email and name come from the token; one review per part. */
export const addReview = (review: ReviewInput) =>
  api.post<InsertResult>(apiPaths.reviews(), review);

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    // The dialog says why a review was refused, above its buttons: a toast would cover them on
    // a phone, and the reason (verify first, buy first) is the next thing to read.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews() }),
  });
}
