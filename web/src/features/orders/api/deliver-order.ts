import { apiPaths, type UpdateResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** PUT /ordered/{id} { delivertext: true }: a paid order moves on to processing. */
export const deliverOrder = (id: string) =>
  api.put<UpdateResult>(apiPaths.order(id), { delivertext: true });

export const useDeliverOrder = () =>
  useApiMutation(deliverOrder, (queryClient) => invalidate(queryClient, queryKeys.orders.any()));
