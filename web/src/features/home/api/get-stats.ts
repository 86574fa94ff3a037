import { apiPaths, type BusinessSummary } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The Business Summary's figures; the API's are up to a minute old, so are these. */
export const statsQueryOptions = () =>
  getQueryOptions<BusinessSummary>(queryKeys.stats(), apiPaths.stats(), {
    staleTime: 60_000,
    // The section shows its own error with Retry.
    meta: { errorToast: false },
  });

export const useStats = () => useQuery(statsQueryOptions());
