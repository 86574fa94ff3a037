import { apiPaths, type ShippingMethod } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from './api-query.js';
import { queryKeys } from './query-keys.js';

/**
 * The shop's shipping methods (GET /shipping-methods, anyone), which the cart estimates from and
 * the checkout offers; read by both features, so it lives here.
 */
export const shippingMethodsQueryOptions = () =>
  getQueryOptions<ShippingMethod[]>(queryKeys.shippingMethods(), apiPaths.shippingMethods(), {
    staleTime: 60_000,
    // Only an estimate and a choice hang on it: the cart and the checkout do without, quietly.
    meta: { errorToast: false },
  });

export const useShippingMethods = () => useQuery(shippingMethodsQueryOptions());
