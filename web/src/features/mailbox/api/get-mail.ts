import { apiPaths, type Mail } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getMail = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<Mail[]>(apiPaths.mail(), { signal });

/** What the shop wrote, newest first (admin): the local suite sends nothing, this shows it. */
export const mailQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.mail(),
    queryFn: ({ signal }) => getMail({ signal }),
    // Every order change writes mail: ask again whenever the screen opens.
    staleTime: 0,
  });

export const useMail = () => useQuery(mailQueryOptions());
