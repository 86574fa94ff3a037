import {
  apiPaths,
  type ApproveReturnInput,
  type OrderReturn,
  type RefuseReturnInput,
} from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** POST /admin/returns/{id}/approve `{ instructions }`: the customer may send the parts back. */
export const approveReturn = ({ id, ...body }: ApproveReturnInput & { id: string }) =>
  api.post<OrderReturn>(apiPaths.approveReturn(id), body);

/** POST /admin/returns/{id}/refuse `{ reason }`. */
export const refuseReturn = ({ id, ...body }: RefuseReturnInput & { id: string }) =>
  api.post<OrderReturn>(apiPaths.refuseReturn(id), body);

/** POST /admin/returns/{id}/receive: the parts arrived; refunded, and back in stock. */
export const receiveReturn = (id: string) => api.post<OrderReturn>(apiPaths.receiveReturn(id));

// A step changes the return and its order's timeline (and the lists under "orders" with it).
export const useApproveReturn = () =>
  useApiMutation(approveReturn, (queryClient) => invalidate(queryClient, queryKeys.orders.any()));

export const useRefuseReturn = () =>
  useApiMutation(refuseReturn, (queryClient) => invalidate(queryClient, queryKeys.orders.any()));

export const useReceiveReturn = () =>
  useApiMutation(receiveReturn, (queryClient) =>
    invalidate(
      queryClient,
      queryKeys.orders.any(),
      queryKeys.parts.all(),
      queryKeys.parts.anyOne(),
    ),
  );
