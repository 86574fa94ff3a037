import { apiPaths, type Review } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getReviews = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<Review[]>(apiPaths.reviews(), { signal });

/** Every review, oldest first; cached under the original shop's key "reviews". */
export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reviews(), queryFn: ({ signal }) => getReviews({ signal }) });

export const useReviews = () => useQuery(reviewsQueryOptions());
