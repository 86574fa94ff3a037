import { apiPaths, type SavedAddressResult } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getSavedAddress = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<SavedAddressResult>(apiPaths.savedAddress(), { signal });

/** The signed-in customer's address book entry, which the checkout starts from. */
export const savedAddressQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profiles.savedAddress(),
    queryFn: ({ signal }) => getSavedAddress({ signal }),
  });

export const useSavedAddress = () => useQuery(savedAddressQueryOptions());
