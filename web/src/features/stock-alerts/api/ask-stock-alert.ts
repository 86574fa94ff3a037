import { apiPaths, type StockAlertAnswer } from '@sprocket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export interface StockAlertRequest {
  partId: string;
  /** A guest's address; a signed-in customer's is the account's. */
  email?: string;
  /** The size, for a part sold in sizes. */
  sku?: string;
}

/**
 * POST /parts/{id}/alerts: one mail when the sold-out part (size) is back (docs/decisions/100);
 * a guest's address is mailed a confirmation link first.
 */
export const askStockAlert = ({ partId, ...body }: StockAlertRequest) =>
  api.post<StockAlertAnswer>(apiPaths.partAlerts(partId), body);

export const useAskStockAlert = () =>
  // The form shows what went wrong in place: under the field, or above its button.
  useMutation({ mutationFn: askStockAlert, meta: { errorToast: false } });
