import { apiPaths, type Review } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const getReviews = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<Review[]>(apiPaths.reviews(), { signal });

/** Every review, oldest first; cached under the spec's key "reviews". */
export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews({ signal }) });

export const useReviews = () => useQuery(reviewsQueryOptions());
