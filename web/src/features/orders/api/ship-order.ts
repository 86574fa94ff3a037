import { apiPaths, type ShipOrderInput, type Order } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { refreshAfterOrderChange } from './order-changed.js';

/** POST /ordered/{id}/ship { carrier, trackingNumber } (admin): processing → shipped. */
export const shipOrder = ({ id, ...shipment }: ShipOrderInput & { id: string }) =>
  api.post<Order>(apiPaths.shipOrder(id), shipment);

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: () => refreshAfterOrderChange(queryClient, { stockReturned: false }),
  });
}
