import { apiPaths, type ClaimOrderResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshAfterOrderChange } from './order-changed.js';

/**
 * POST /ordered/{id}/claim, signed in: a guest's order joins the account at its verified address,
 * proved by the order's private link (docs/decisions/080). Sent with the account's token, the
 * link in the body.
 */
export const claimOrder = ({ orderId, orderToken }: { orderId: string; orderToken: string }) =>
  api.post<ClaimOrderResult>(apiPaths.claimOrder(orderId), { orderToken });

/** The page says why a claim was refused, in place. */
export const useClaimOrder = () =>
  useApiMutation(
    claimOrder,
    (queryClient) => refreshAfterOrderChange(queryClient, { stockReturned: false }),
    { meta: { errorToast: false } },
  );
