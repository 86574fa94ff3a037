import { apiPaths, type BrandSettings } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** PUT /admin/brand: the shop's brand; answers it as kept, which every page shows at once. */
export const saveBrand = (brand: BrandSettings) =>
  api.put<BrandSettings>(apiPaths.adminBrand(), brand);

export const useSaveBrand = () =>
  useApiMutation(saveBrand, (queryClient, saved) =>
    queryClient.setQueryData(queryKeys.brand(), saved),
  );
