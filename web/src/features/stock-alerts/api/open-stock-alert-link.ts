import { apiPaths, type StockAlertLinkAnswer } from '@sprocket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** What a mailed link does: confirm a guest's address, or unsubscribe. */
export type StockAlertLinkUse = 'confirm' | 'unsubscribe';

/** POST /alerts/confirm or /alerts/unsubscribe `{ token }`: no account needed. */
export const openStockAlertLink = ({ use, token }: { use: StockAlertLinkUse; token: string }) =>
  api.post<StockAlertLinkAnswer>(
    use === 'confirm' ? apiPaths.confirmStockAlert() : apiPaths.unsubscribeStockAlert(),
    { token },
  );

export const useOpenStockAlertLink = () =>
  // The page shows what went wrong in place.
  useMutation({ mutationFn: openStockAlertLink, meta: { errorToast: false } });
