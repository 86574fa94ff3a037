import { apiPaths, type Review } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Every review, oldest first; cached under the original shop's key "reviews". */
export const reviewsQueryOptions = () =>
  getQueryOptions<Review[]>(queryKeys.reviews(), apiPaths.reviews());

export const useReviews = () => useQuery(reviewsQueryOptions());
