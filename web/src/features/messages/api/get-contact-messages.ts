import { apiPaths, type ContactMessage } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getContactMessages = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<ContactMessage[]>(apiPaths.contactMessages(), { signal });

/** The contact form's messages, newest first (admin). */
export const contactMessagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contactMessages(),
    queryFn: ({ signal }) => getContactMessages({ signal }),
    // Visitors write at any time: ask again whenever the screen opens.
    staleTime: 0,
  });

export const useContactMessages = () => useQuery(contactMessagesQueryOptions());
