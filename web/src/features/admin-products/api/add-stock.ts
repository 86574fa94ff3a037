import { apiPaths, type UpdateResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

export interface AddStockRequest {
  partId: string;
  addQuantity: number;
}

/**
 * PUT /parts/{id} { addQuantity }: the server adds to the stock atomically (docs/architecture.md
 * §5), so two admins adding stock at once lose nothing.
 */
export const addStock = ({ partId, addQuantity }: AddStockRequest) =>
  api.put<UpdateResult>(apiPaths.part(partId), { addQuantity });

export const useAddStock = () =>
  useApiMutation(addStock, (queryClient, _result, { partId }) =>
    invalidate(queryClient, queryKeys.parts.all(), queryKeys.parts.one(partId)),
  );
