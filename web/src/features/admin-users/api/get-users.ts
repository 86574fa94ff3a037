import { apiPaths, type User } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getUsers = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<User[]>(apiPaths.users(), { signal });

/** Every user (admin, bearer). */
export const usersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users(), queryFn: ({ signal }) => getUsers({ signal }) });

export const useUsers = () => useQuery(usersQueryOptions());
