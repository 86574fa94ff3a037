import { apiPaths, type OrdersSelection } from '@sprocket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** GET /admin/orders.csv with All Orders' selection (admin): its lines and amounts as CSV. */
export const exportOrdersCsv = (selection: OrdersSelection) =>
  api.file(apiPaths.ordersCsv(selection));

/** Asked for on a click, like a change: a refusal is the mutation cache's toast. */
export const useExportOrdersCsv = () => useMutation({ mutationFn: exportOrdersCsv });
