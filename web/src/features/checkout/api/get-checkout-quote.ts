import { apiPaths, type CheckoutQuote, type CheckoutQuoteInput } from '@sprocket/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * POST /checkout/quote: what the checkout would cost with this method, code and address, priced
 * by the server as the order will be (issue 25). The page shows these figures and sends their
 * total as `expectedTotal`, so what is charged is what was shown.
 */
export const quoteCheckout = (body: CheckoutQuoteInput) =>
  api.post<CheckoutQuote>(apiPaths.checkoutQuote(), body);

export const checkoutQuoteQueryOptions = (body: CheckoutQuoteInput) =>
  queryOptions({
    queryKey: queryKeys.checkoutQuote(body),
    queryFn: () => quoteCheckout(body),
    // The figures of the last choice stay on screen while the next are asked for.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // The checkout shows a refused quote in place (a code that no longer applies).
    meta: { errorToast: false },
    retry: false,
  });

export const useCheckoutQuote = (body: CheckoutQuoteInput, enabled: boolean) =>
  useQuery({ ...checkoutQuoteQueryOptions(body), enabled });
