import { apiPaths, type RefundOrderInput, type Order } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshAfterOrderChange } from './order-changed.js';

/**
 * POST /ordered/{id}/refund { restock } (admin): the whole payment goes back through the payment
 * provider; the lines' stock returns if the admin says so.
 */
export const refundOrder = ({ id, restock }: RefundOrderInput & { id: string }) =>
  api.post<Order>(apiPaths.refundOrder(id), { restock });

export const useRefundOrder = () =>
  useApiMutation(refundOrder, (queryClient, _result, { restock }) =>
    refreshAfterOrderChange(queryClient, { stockReturned: restock }),
  );
