import { apiPaths, type PaymentRecordedResult } from '@sprocket/contract';
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

export const useMarkOrderPaid = (orderId: string) =>
  useApiMutation(
    (transactionId: string) => markOrderPaid(orderId, transactionId),
    // My Orders and Manage All Orders show the paid state when next shown (issue 5); the order
    // itself comes with the answer, so the confirmation asks for nothing (issue 22).
    (queryClient, { order }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.any(), refetchType: 'none' });
      queryClient.setQueryData(queryKeys.orders.one(orderId), order);
    },
    { meta: { errorToast: false } },
  );
