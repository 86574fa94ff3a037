import { apiPaths, type InsertResult, type PlaceOrderInput } from '@sprocket/contract';
import { api, newIdempotencyKey } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * POST /ordered with the bearer token; the server takes name, email and price from its own
 * records. One attempt per call, with a key of its own for its retries (docs/decisions/062).
 */
export const placeOrder = (body: PlaceOrderInput) =>
  api.post<InsertResult>(apiPaths.orders(), body, { idempotencyKey: newIdempotencyKey() });

export const usePlaceOrder = () =>
  useApiMutation(placeOrder, async (queryClient, result, body) => {
    if (!result.acknowledged) return;
    // The order reserved stock: the part, the catalogue and the buyer's orders all changed.
    await invalidate(
      queryClient,
      queryKeys.parts.one(body.partId),
      queryKeys.parts.all(),
      queryKeys.orders.any(),
    );
  });
