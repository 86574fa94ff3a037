import { apiPaths, type TaxSettings } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** PUT /admin/tax: the whole table; answers it as kept. */
export const setTaxSettings = (settings: TaxSettings) =>
  api.put<TaxSettings>(apiPaths.adminTax(), settings);

export const useSetTaxSettings = () =>
  useApiMutation(setTaxSettings, (queryClient, settings) =>
    queryClient.setQueryData(queryKeys.tax(), settings),
  );
