import { apiPaths, type SalesReport } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The range a screen asks for: the last `days` days, or the days from `from` to `to`. */
export type SalesRange = { days: number } | { from: string; to: string };

/** The Overview's figures (admin, GET /admin/sales); every payment changes them, so always asked. */
export const salesQueryOptions = (range: SalesRange) =>
  getQueryOptions<SalesReport>(queryKeys.sales(range), apiPaths.adminSales(range), {
    staleTime: 0,
  });

export const useSales = (range: SalesRange) => useQuery(salesQueryOptions(range));
