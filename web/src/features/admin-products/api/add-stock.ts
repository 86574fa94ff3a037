import { apiPaths, type UpdateResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

export interface AddStockRequest {
  partId: string;
  addQuantity: number;
  /** The variant to add to, for a part sold in variants (docs/decisions/064). */
  sku?: string;
}

/**
 * PUT /parts/{id} { addQuantity, sku? }: the server adds to the stock (of one variant) atomically
 * (docs/architecture.md §5), so two admins adding stock at once lose nothing.
 */
export const addStock = ({ partId, addQuantity, sku }: AddStockRequest) =>
  api.put<UpdateResult>(apiPaths.part(partId), sku ? { addQuantity, sku } : { addQuantity });

export const useAddStock = () =>
  useApiMutation(addStock, (queryClient, _result, { partId }) =>
    invalidate(queryClient, queryKeys.parts.all(), queryKeys.parts.one(partId)),
  );
