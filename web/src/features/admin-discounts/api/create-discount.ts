import { apiPaths, type DiscountCode, type DiscountCodeSchemaInput } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** POST /admin/discounts: a new code (409 if there is one already). */
export const createDiscount = (input: DiscountCodeSchemaInput) =>
  api.post<DiscountCode>(apiPaths.adminDiscounts(), input);

export const useCreateDiscount = () =>
  useApiMutation(createDiscount, (queryClient) => invalidate(queryClient, queryKeys.discounts()));
