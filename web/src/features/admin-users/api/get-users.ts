import { apiPaths, type User, type UsersListQuery } from '@sprocket/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { listSearch } from '../../../lib/list-search.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** GET /users?q=&role=&sort=&page=&pageSize= (admin, bearer): one page and the number of matches. */
export const getUsers = (query: UsersListQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.page<User>(`${apiPaths.users()}${listSearch(query)}`, { signal });

/** A page of the users; under "users" so a change of rights refreshes it. */
export const usersQueryOptions = (query: UsersListQuery) =>
  queryOptions({
    queryKey: queryKeys.usersMatching(query),
    queryFn: ({ signal }) => getUsers(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersListQuery) => useQuery(usersQueryOptions(query));
