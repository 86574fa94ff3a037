import { apiPaths, type PaymentMethodsResult } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { getQueryOptions, invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The signed-in customer's saved cards (docs/decisions/068), newest first. */
export const savedCardsQueryOptions = () =>
  getQueryOptions<PaymentMethodsResult>(queryKeys.profiles.savedCards(), apiPaths.paymentMethods());

/** `enabled` false for a guest paying through an order's link: no account, no saved cards. */
export const useSavedCards = (enabled = true) => useQuery({ ...savedCardsQueryOptions(), enabled });

/** DELETE /payment-methods/{id}: the card is removed at the payment provider. */
export const useRemoveSavedCard = () =>
  useApiMutation(
    (id: string) => api.delete<void>(apiPaths.paymentMethod(id)),
    (queryClient) => invalidate(queryClient, queryKeys.profiles.savedCards()),
  );
