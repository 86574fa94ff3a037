import Alert from '@mui/material/Alert';
import type { Order } from '@sprocket/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.js';
import { errorMessage } from '../../lib/query-client.js';
import { FullScreenSpinner } from './full-screen-spinner.js';

/**
 * An order screen (its details, its payment) while the order loads, or why it cannot be shown:
 * gone (a 404) as information, anything else as the API's message, each with the way back.
 */
export function OrderNotShown({ order, back }: { order: UseQueryResult<Order>; back: ReactNode }) {
  if (order.isPending) return <FullScreenSpinner label="Loading the order" />;
  const missing = order.error instanceof ApiError && order.error.status === 404;
  return (
    <Alert severity={missing ? 'info' : 'error'} action={back} sx={{ maxWidth: 640 }}>
      {missing ? 'This order does not exist any more.' : errorMessage(order.error)}
    </Alert>
  );
}
