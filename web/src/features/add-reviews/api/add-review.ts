import { apiPaths, type InsertResult, type ReviewInput } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** POST /reviews: the reviewer's email and name come from the token; one review per part. */
export const addReview = (review: ReviewInput) =>
  api.post<InsertResult>(apiPaths.reviews(), review);

export const useAddReview = () =>
  useApiMutation(addReview, (queryClient) => invalidate(queryClient, queryKeys.reviews()), {
    // The dialog says why a review was refused, above its buttons: a toast would cover them on
    // a phone, and the reason (verify first, buy first) is the next thing to read.
    meta: { errorToast: false },
  });
