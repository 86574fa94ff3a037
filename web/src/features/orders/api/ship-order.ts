import { apiPaths, type ShipOrderInput, type Order } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshAfterOrderChange } from './order-changed.js';

/** POST /ordered/{id}/ship { carrier, trackingNumber } (admin): processing → shipped. */
export const shipOrder = ({ id, ...shipment }: ShipOrderInput & { id: string }) =>
  api.post<Order>(apiPaths.shipOrder(id), shipment);

export const useShipOrder = () =>
  useApiMutation(shipOrder, (queryClient) =>
    refreshAfterOrderChange(queryClient, { stockReturned: false }),
  );
