import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { api } from './api-client.js';

/**
 * The shapes the features' api files share (docs/conventions.md §3.3), written once: a query of
 * one GET path, a mutation that refreshes the cache once it is made, and the invalidation of
 * several keys at once.
 */

/** A query that GETs `path` into the cache under `queryKey`; `options` add freshness, meta, …. */
export const getQueryOptions = <T>(
  queryKey: QueryKey,
  path: string,
  options: Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn'> = {},
) => queryOptions({ ...options, queryKey, queryFn: ({ signal }) => api.get<T>(path, { signal }) });

/** Marks every query under each key stale, and reads again those on screen. */
export const invalidate = (queryClient: QueryClient, ...queryKeys: QueryKey[]) =>
  Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * A mutation whose success updates the cache: `refresh` gets the query client, the answer and
 * what was sent. `options` add a key, meta or onError.
 */
export function useApiMutation<Result, Variables>(
  mutationFn: (variables: Variables) => Promise<Result>,
  refresh?: (queryClient: QueryClient, result: Result, variables: Variables) => unknown,
  options: Omit<UseMutationOptions<Result, Error, Variables>, 'mutationFn' | 'onSuccess'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Result, Error, Variables>({
    ...options,
    mutationFn,
    onSuccess: refresh && ((result, variables) => refresh(queryClient, result, variables)),
  });
}
