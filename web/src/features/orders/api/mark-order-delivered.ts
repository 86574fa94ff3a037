import { apiPaths, type Order } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshAfterOrderChange } from './order-changed.js';

/** POST /ordered/{id}/delivered (admin): shipped → delivered. */
export const markOrderDelivered = (id: string) => api.post<Order>(apiPaths.markOrderDelivered(id));

export const useMarkOrderDelivered = () =>
  useApiMutation(markOrderDelivered, (queryClient) =>
    refreshAfterOrderChange(queryClient, { stockReturned: false }),
  );
