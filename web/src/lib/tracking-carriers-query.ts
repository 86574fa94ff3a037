import { apiPaths, type TrackingCarrier } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from './api-query.js';
import { queryKeys } from './query-keys.js';

/**
 * The shop's own carriers (GET /admin/tracking-carriers, admins): Shipping and Tax lists and
 * edits them, the Ship dialog offers them; read by both features, so it lives here.
 */
export const trackingCarriersQueryOptions = () =>
  getQueryOptions<{ carriers: TrackingCarrier[] }>(
    queryKeys.trackingCarriers(),
    apiPaths.adminTrackingCarriers(),
  );

export const useTrackingCarriers = () => useQuery(trackingCarriersQueryOptions());
