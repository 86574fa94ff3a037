import { apiPaths, type DeleteResult, type Order } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const deleteOrder = (id: string) => api.delete<DeleteResult>(apiPaths.order(id));

/**
 * DELETE /ordered/{id}, by its customer or an admin: only unpaid orders; their reserved stock goes
 * back to the part.
 */
export const useDeleteOrder = () =>
  useApiMutation(
    (order: Pick<Order, '_id' | 'partId'>) => deleteOrder(order._id),
    (queryClient, _result, order) =>
      invalidate(
        queryClient,
        queryKeys.orders.any(),
        queryKeys.parts.all(),
        queryKeys.parts.one(order.partId),
      ),
  );
