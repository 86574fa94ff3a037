import { apiPaths, type RefundOrderInput, type Order } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshAfterOrderChange } from './order-changed.js';

/**
 * POST /ordered/{id}/refund { restock, amount?, lines? } (admin): all that is left of the payment,
 * an amount, or units of chosen lines go back through the payment provider; the refunded lines'
 * stock returns if the admin says so.
 */
export const refundOrder = ({ id, ...body }: RefundOrderInput & { id: string }) =>
  api.post<Order>(apiPaths.refundOrder(id), body);

export const useRefundOrder = () =>
  useApiMutation(refundOrder, (queryClient, _result, { restock }) =>
    refreshAfterOrderChange(queryClient, { stockReturned: restock }),
  );
