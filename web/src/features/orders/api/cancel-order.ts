import { apiPaths, type Order } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshAfterOrderChange } from './order-changed.js';

/**
 * POST /ordered/{id}/cancel, by its customer or an admin, while it is unpaid: it stays in the
 * lists as cancelled, its stock returns and its payment intent is cancelled.
 */
export const cancelOrder = (id: string) => api.post<Order>(apiPaths.cancelOrder(id));

export const useCancelOrder = () =>
  useApiMutation(cancelOrder, (queryClient) =>
    refreshAfterOrderChange(queryClient, { stockReturned: true }),
  );
