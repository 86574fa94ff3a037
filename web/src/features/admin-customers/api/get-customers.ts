import { apiPaths, type Customer, type CustomersQuery } from '@sprocket/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** GET /admin/customers?q=&sort=&page=&pageSize= (admin): one page and the number of matches. */
export const getCustomers = (query: CustomersQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.page<Customer>(apiPaths.adminCustomers(query), { signal });

export const customersQueryOptions = (query: CustomersQuery) =>
  queryOptions({
    queryKey: queryKeys.customersMatching(query),
    queryFn: ({ signal }) => getCustomers(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (query: CustomersQuery) => useQuery(customersQueryOptions(query));
