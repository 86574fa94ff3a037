import { apiPaths, type Preferences } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The signed-in customer's choices about the shop's mails (GET /profiles/me/preferences). */
export const usePreferences = () =>
  useQuery({
    queryKey: queryKeys.profiles.preferences(),
    queryFn: ({ signal }) => api.get<Preferences>(apiPaths.preferences(), { signal }),
  });

export const useSavePreferences = () =>
  useApiMutation(
    (preferences: Preferences) => api.put<Preferences>(apiPaths.preferences(), preferences),
    (queryClient, saved) => queryClient.setQueryData(queryKeys.profiles.preferences(), saved),
  );
