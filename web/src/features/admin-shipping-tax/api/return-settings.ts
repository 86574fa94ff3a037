import { apiPaths, type ReturnSettings } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { getQueryOptions, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** GET /admin/return-settings: how many days after delivery a return may be asked (admins). */
export const returnSettingsQueryOptions = () =>
  getQueryOptions<ReturnSettings>(queryKeys.returnSettings(), apiPaths.adminReturnSettings());

export const useReturnSettings = () => useQuery(returnSettingsQueryOptions());

/** PUT /admin/return-settings `{ windowDays }`; answers the settings as kept. */
export const setReturnSettings = (settings: ReturnSettings) =>
  api.put<ReturnSettings>(apiPaths.adminReturnSettings(), settings);

export const useSetReturnSettings = () =>
  useApiMutation(setReturnSettings, (queryClient, saved) =>
    queryClient.setQueryData(queryKeys.returnSettings(), saved),
  );
