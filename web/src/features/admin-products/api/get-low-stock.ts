import { apiPaths, type LowStockItem } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The parts and variants at or below their low-stock threshold (admin), the fewest first. */
export const lowStockQueryOptions = () =>
  // Orders take stock all the time: ask again whenever the filter opens.
  getQueryOptions<LowStockItem[]>(queryKeys.parts.lowStock(), apiPaths.adminLowStock(), {
    staleTime: 0,
  });

export const useLowStock = () => useQuery(lowStockQueryOptions());
