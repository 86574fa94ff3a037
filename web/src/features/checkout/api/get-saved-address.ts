import { apiPaths, type SavedAddressResult } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The signed-in customer's address book entry, which the checkout starts from. */
export const savedAddressQueryOptions = () =>
  getQueryOptions<SavedAddressResult>(queryKeys.profiles.savedAddress(), apiPaths.savedAddress());

/** `enabled` false for a guest, who has no address book. */
export const useSavedAddress = (enabled = true) =>
  useQuery({ ...savedAddressQueryOptions(), enabled });
