import { apiPaths, type ContactMessage } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export interface HandledChange {
  id: string;
  handled: boolean;
}

/** PATCH /contact-messages/{id} { handled } (admin): answers the message as it is now. */
export const setMessageHandled = ({ id, handled }: HandledChange) =>
  api.patch<ContactMessage>(apiPaths.contactMessage(id), { handled });

export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageHandled,
    onSuccess: (message) =>
      queryClient.setQueryData<ContactMessage[]>(queryKeys.contactMessages(), (messages) =>
        messages?.map((kept) => (kept._id === message._id ? message : kept)),
      ),
  });
}
