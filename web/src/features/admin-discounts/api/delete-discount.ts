import { apiPaths, type DeleteResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** DELETE /admin/discounts/{code}: orders that used it keep it. */
export const deleteDiscount = (code: string) =>
  api.delete<DeleteResult>(apiPaths.adminDiscount(code));

export const useDeleteDiscount = () =>
  useApiMutation(deleteDiscount, (queryClient) => invalidate(queryClient, queryKeys.discounts()));
