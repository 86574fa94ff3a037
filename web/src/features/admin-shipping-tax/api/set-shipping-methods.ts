import { apiPaths, type ShippingMethod } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** PUT /admin/shipping-methods: the whole list; answers it as kept. */
export const setShippingMethods = (methods: ShippingMethod[]) =>
  api.put<ShippingMethod[]>(apiPaths.adminShippingMethods(), methods);

export const useSetShippingMethods = () =>
  useApiMutation(setShippingMethods, (queryClient, methods) =>
    queryClient.setQueryData(queryKeys.shippingMethods(), methods),
  );
