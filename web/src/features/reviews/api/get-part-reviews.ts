import { apiPaths, type CatalogueReview } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** One part's reviews, newest first (its product page). */
export const partReviewsQueryOptions = (partId: string) =>
  getQueryOptions<CatalogueReview[]>(queryKeys.reviewsOf(partId), apiPaths.reviewsOf(partId), {
    // The product page shows a failure in place, with Retry.
    meta: { errorToast: false },
  });

export const usePartReviews = (partId: string) => useQuery(partReviewsQueryOptions(partId));
