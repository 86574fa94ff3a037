import { apiPaths, type ContactMessage } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The contact form's messages, newest first (admin). */
export const contactMessagesQueryOptions = () =>
  getQueryOptions<ContactMessage[]>(queryKeys.contactMessages(), apiPaths.contactMessages(), {
    // Visitors write at any time: ask again whenever the screen opens.
    staleTime: 0,
  });

export const useContactMessages = () => useQuery(contactMessagesQueryOptions());
