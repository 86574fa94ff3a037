import { apiPaths, type TaxSettings } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** GET /admin/tax: whether prices include tax, and the rates (admins). */
export const taxQueryOptions = () =>
  getQueryOptions<TaxSettings>(queryKeys.tax(), apiPaths.adminTax());

export const useTaxSettings = () => useQuery(taxQueryOptions());
