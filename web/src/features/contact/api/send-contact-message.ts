import { apiPaths, type ContactInput, type InsertResult } from '@sprocket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/**
 * POST /contact, no account needed: the shop stores the message for the admins' Messages screen
 * and mails it to the shop's address.
 */
export const sendContactMessage = (message: ContactInput) =>
  api.post<InsertResult>(apiPaths.contact(), message);

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: sendContactMessage,
    // docs/product.md §8.1: a failed send is only logged.
    meta: { errorToast: false },
    onError: (error) => console.error('The contact message was not sent:', error),
  });
