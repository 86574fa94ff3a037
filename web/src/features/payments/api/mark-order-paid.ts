import { apiPaths, type PaymentRecordedResult } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * PATCH /ordered/{id} { transactionId }: the server asks the gateway whether this intent succeeded
 * for this order before it marks the order paid; repeating it is harmless.
 */
export const markOrderPaid = (orderId: string, transactionId: string) =>
  api.patch<PaymentRecordedResult>(apiPaths.order(orderId), { transactionId });

export function useMarkOrderPaid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => markOrderPaid(orderId, transactionId),
    meta: { errorToast: false },
    // My Orders and Manage All Orders show the paid state when next shown (issue 5); the order
    // itself comes with the answer, so the confirmation asks for nothing (issue 22).
    onSuccess: ({ order }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.any(), refetchType: 'none' });
      queryClient.setQueryData(queryKeys.orders.one(orderId), order);
    },
  });
}
