import { apiPaths, type Mail } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** What the shop wrote, newest first (admin): the local suite sends nothing, this shows it. */
export const mailQueryOptions = () =>
  // Every order change writes mail: ask again whenever the screen opens.
  getQueryOptions<Mail[]>(queryKeys.mail(), apiPaths.mail(), { staleTime: 0 });

export const useMail = () => useQuery(mailQueryOptions());
