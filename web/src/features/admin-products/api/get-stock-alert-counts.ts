import { apiPaths, type StockAlertCount } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** How many confirmed addresses wait for each part's back-in-stock mail (admin, decision 100). */
export const useStockAlertCounts = () =>
  useQuery({
    ...getQueryOptions<StockAlertCount[]>(
      queryKeys.parts.stockAlerts(),
      apiPaths.adminStockAlerts(),
    ),
    select: (counts) => new Map(counts.map(({ partId, waiting }) => [partId, waiting])),
  });
