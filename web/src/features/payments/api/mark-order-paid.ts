import { apiPaths, type Order, type PaymentRecordedResult } from '@sprocket/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { orderLinkOf } from '../../../lib/order-links.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * PATCH /ordered/{id} { transactionId }: the server asks the gateway whether this intent succeeded
 * for this order before it marks the order paid; repeating it is harmless.
 */
export const markOrderPaid = (orderId: string, transactionId: string) =>
  api.patch<PaymentRecordedResult>(
    apiPaths.order(orderId),
    { transactionId },
    // A guest reports the payment with the order's private link (decision 066).
    { orderToken: orderLinkOf(orderId) },
  );

/**
 * The cache once a payment is recorded: My Orders and Manage All Orders show the paid state when
 * next shown (issue 5), the order itself came with the answer, so the confirmation asks for
 * nothing (issue 22), and a card saved with this payment is listed when My Profile is next shown.
 */
export function cachePaidOrder(queryClient: QueryClient, orderId: string, order: Order): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.orders.any(), refetchType: 'none' });
  void queryClient.invalidateQueries({
    queryKey: queryKeys.profiles.savedCards(),
    refetchType: 'none',
  });
  queryClient.setQueryData(queryKeys.orders.one(orderId), order);
}

export const useMarkOrderPaid = (orderId: string) =>
  useApiMutation(
    (transactionId: string) => markOrderPaid(orderId, transactionId),
    (queryClient, { order }) => cachePaidOrder(queryClient, orderId, order),
    { meta: { errorToast: false } },
  );
