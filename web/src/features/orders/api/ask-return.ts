import { apiPaths, type AskReturnInput, type OrderReturn } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { orderLinkOf } from '../../../lib/order-links.js';
import { refreshAfterOrderChange } from './order-changed.js';

/**
 * POST /ordered/{id}/returns (its customer, or a guest with the order's private link, decision
 * 098): asks to return units of a delivered order's lines, each with a reason and a note.
 */
export const askReturn = ({ id, ...body }: AskReturnInput & { id: string }) =>
  api.post<OrderReturn>(apiPaths.orderReturns(id), body, { orderToken: orderLinkOf(id) });

export const useAskReturn = () =>
  useApiMutation(askReturn, (queryClient) =>
    refreshAfterOrderChange(queryClient, { stockReturned: false }),
  );
