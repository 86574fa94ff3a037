import { apiPaths, type CatalogueReview } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getPartReviews = (partId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<CatalogueReview[]>(apiPaths.reviewsOf(partId), { signal });

/** One part's reviews, newest first (its product page). */
export const partReviewsQueryOptions = (partId: string) =>
  queryOptions({
    queryKey: queryKeys.reviewsOf(partId),
    queryFn: ({ signal }) => getPartReviews(partId, { signal }),
    // The product page shows a failure in place, with Retry.
    meta: { errorToast: false },
  });

export const usePartReviews = (partId: string) => useQuery(partReviewsQueryOptions(partId));
