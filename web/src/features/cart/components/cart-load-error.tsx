import Alert from '@mui/material/Alert';
import { QueryError } from '../../../components/feedback/query-error.js';
import { errorMessage } from '../../../lib/query-client.js';
import type { CartState } from '../hooks/use-cart.js';

/**
 * A cart that could not be had: a stored cart that could not be read offers Retry like every
 * other list (decision 030); a failed merge says why, as sending it again is the merge's own job.
 */
export function CartLoadError({ state }: { state: Extract<CartState, { status: 'error' }> }) {
  if (state.read) return <QueryError query={state.read} />;
  return <Alert severity="error">{errorMessage(state.error)}</Alert>;
}
