import { apiPaths, type Profile } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * GET /profiles?email= answers a list of zero or one profile (docs/product.md §7): the first
 * one is used.
 */
export const getProfile = async (email: string, { signal }: { signal?: AbortSignal } = {}) => {
  const [profile] = await api.get<Profile[]>(apiPaths.profileOf(email), { signal });
  return profile ?? null;
};

export const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.profiles.of(email),
    queryFn: ({ signal }) => getProfile(email, { signal }),
  });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
