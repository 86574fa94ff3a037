import { apiPaths, type Cents, type PaymentIntentResult } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { orderLinkOf, rememberIntentOf } from '../../../lib/order-links.js';
import { queryKeys } from '../../../lib/query-keys.js';

export interface PaymentIntentRequest {
  orderId: string;
  /** What the page shows; the server charges the amount it computes from the stored order. */
  totalPrice: Cents;
}

export async function createPaymentIntent(body: PaymentIntentRequest, signal?: AbortSignal) {
  // A guest pays with the order's private link, when this tab holds it (decision 066).
  const orderToken = orderLinkOf(body.orderId);
  const intent = await api.post<PaymentIntentResult>(apiPaths.createPaymentIntent(), body, {
    signal,
    orderToken,
  });
  if (orderToken) rememberIntentOf(body.orderId, intent.clientSecret);
  return intent;
}

/**
 * The order's payment intent, requested when the payment page opens (docs/product.md §2.13). A
 * query rather than a mutation: the server keeps one intent per order and answers the same one
 * again, so asking twice (a remount, React's strict mode) is harmless and shares one request.
 */
export const paymentIntentQueryOptions = (body: PaymentIntentRequest) =>
  queryOptions({
    queryKey: queryKeys.paymentIntent(body.orderId),
    queryFn: ({ signal }) => createPaymentIntent(body, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // The payment page shows the API's message in red instead.
    meta: { errorToast: false },
  });

export const usePaymentIntent = (body: PaymentIntentRequest, enabled: boolean) =>
  useQuery({ ...paymentIntentQueryOptions(body), enabled });
