import { apiPaths, type DiscountCode } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Every discount code with how many orders used it, newest first (admin). */
export const discountsQueryOptions = () =>
  getQueryOptions<DiscountCode[]>(queryKeys.discounts(), apiPaths.adminDiscounts(), {
    // Checkouts use codes up at any time: ask again whenever the screen opens.
    staleTime: 0,
  });

export const useDiscounts = () => useQuery(discountsQueryOptions());
