import { apiPaths, type ContactMessage } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** PATCH /contact-messages/{id} { handled } (admin): answers the message as it is now. */
export const setMessageHandled = ({ id, handled }: { id: string; handled: boolean }) =>
  api.patch<ContactMessage>(apiPaths.contactMessage(id), { handled });

export const useSetMessageHandled = () =>
  useApiMutation(setMessageHandled, (queryClient, message) =>
    queryClient.setQueryData<ContactMessage[]>(queryKeys.contactMessages(), (messages) =>
      messages?.map((kept) => (kept._id === message._id ? message : kept)),
    ),
  );
