import { apiPaths, type TrackingCarrier } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** PUT /admin/tracking-carriers: the shop's whole list of its own carriers; answers it as kept. */
export const setTrackingCarriers = (carriers: TrackingCarrier[]) =>
  api.put<{ carriers: TrackingCarrier[] }>(apiPaths.adminTrackingCarriers(), { carriers });

export const useSetTrackingCarriers = () =>
  useApiMutation(setTrackingCarriers, (queryClient, saved) =>
    queryClient.setQueryData(queryKeys.trackingCarriers(), saved),
  );
