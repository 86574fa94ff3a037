import { apiPaths, type SavedAddressResult } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The signed-in customer's address book entry, which the checkout starts from. */
export const savedAddressQueryOptions = () =>
  getQueryOptions<SavedAddressResult>(queryKeys.profiles.savedAddress(), apiPaths.savedAddress());

export const useSavedAddress = () => useQuery(savedAddressQueryOptions());
