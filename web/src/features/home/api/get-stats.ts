import { apiPaths, type BusinessSummary } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getStats = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<BusinessSummary>(apiPaths.stats(), { signal });

/** The Business Summary's figures; the API's are up to a minute old, so are these. */
export const statsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.stats(),
    queryFn: ({ signal }) => getStats({ signal }),
    staleTime: 60_000,
    // The section shows its own error with Retry.
    meta: { errorToast: false },
  });

export const useStats = () => useQuery(statsQueryOptions());
