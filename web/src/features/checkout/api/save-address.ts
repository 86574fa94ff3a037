import { apiPaths, type SavedAddressInput, type SavedAddressResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** PUT /profiles/me/address: the address book's one entry, which the next order starts from. */
export const saveAddress = (entry: SavedAddressInput) =>
  api.put<SavedAddressResult>(apiPaths.savedAddress(), entry);

export const useSaveAddress = () =>
  useApiMutation(
    saveAddress,
    (queryClient, result) => queryClient.setQueryData(queryKeys.profiles.savedAddress(), result),
    // A convenience for next time: the order it came with is placed either way.
    { meta: { errorToast: false } },
  );
