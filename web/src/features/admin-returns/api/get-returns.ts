import { apiPaths, type OrderReturn, type ReturnStatus } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** GET /admin/returns?status= (admins): the returns, newest first, all or at one step. */
export const returnsQueryOptions = (status?: ReturnStatus) =>
  getQueryOptions<OrderReturn[]>(queryKeys.returns(status ?? 'all'), apiPaths.adminReturns(status));

export const useReturns = (status?: ReturnStatus) => useQuery(returnsQueryOptions(status));
