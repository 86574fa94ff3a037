import { apiPaths, type SalesReport } from '@sprocket/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The range a screen asks for: the last `days` days, or the days from `from` to `to`. */
export type SalesRange = { days: number } | { from: string; to: string };

/** The Overview's figures (admin, GET /admin/sales); every payment changes them, so always asked. */
export const salesQueryOptions = (range: SalesRange) =>
  getQueryOptions<SalesReport>(queryKeys.sales(range), apiPaths.adminSales(range), {
    staleTime: 0,
    // Another range keeps the figures on screen until its own arrive, instead of a spinner.
    placeholderData: keepPreviousData,
  });

export const useSales = (range: SalesRange) => useQuery(salesQueryOptions(range));
