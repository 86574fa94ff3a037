import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  returnDay,
  returnReasonLabel,
  unitsLeftToReturn,
  type Order,
  type OrderReturn,
} from '@sprocket/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AssignmentReturnOutlinedIcon } from '../../../components/icons/assignment-return-outlined.js';
import { ReturnStatusChip } from '../../../components/feedback/return-status-chip.js';
import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { formatPrice } from '../../../lib/money.js';
import { ReturnItemsDialog } from './return-items-dialog.js';

/** Whether the customer may ask for another return of the order now. */
export const canAskReturn = (order: Order, now: Date): boolean =>
  order.returnableUntil !== undefined &&
  now.toISOString() <= order.returnableUntil &&
  unitsLeftToReturn(order, order.returns ?? []).some((units) => units > 0);

/** One return: its lines with their reasons and notes, and what the shop answered. */
function ReturnItem({ orderReturn }: { orderReturn: OrderReturn }) {
  return (
    <Box component="li" data-testid="order-return" sx={{ py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <ReturnStatusChip status={orderReturn.status} />
        <Typography variant="body2" color="textSecondary">
          Asked {formatDateTime(orderReturn.askedAt)}
        </Typography>
      </Stack>
      {orderReturn.lines.map((line) => (
        <Typography key={line.line} sx={{ overflowWrap: 'anywhere' }}>
          {line.quantity} × {line.partName}: {returnReasonLabel[line.reason]}
          {line.note && (
            <Typography component="span" color="textSecondary">
              {' '}
              — {line.note}
            </Typography>
          )}
        </Typography>
      ))}
      {orderReturn.status === 'approved' && (
        <Typography
          variant="body2"
          sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          <strong>Send the parts back:</strong> {orderReturn.instructions}
        </Typography>
      )}
      {orderReturn.status === 'refused' && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          <strong>Why not:</strong> {orderReturn.refusal}
        </Typography>
      )}
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        {orderReturn.status === 'received'
          ? `${formatPrice(orderReturn.amount)} refunded`
          : orderReturn.status === 'refused'
            ? 'Nothing refunded'
            : `${formatPrice(orderReturn.amount)} back once the parts arrive`}
      </Typography>
    </Box>
  );
}

/**
 * The order's returns (decision 098): each return with its step, and for its customer (signed
 * in, or with the order's link) "Return items" while the return window is open; an admin goes to
 * Returns to answer them.
 */
export function OrderReturns({
  order,
  viewer,
  now,
}: {
  order: Order;
  viewer: 'customer' | 'admin';
  now: Date;
}) {
  const [asking, setAsking] = useState(false);
  const returns = order.returns ?? [];
  const mayAsk = viewer === 'customer' && canAskReturn(order, now);
  if (returns.length === 0 && !mayAsk) return null;
  return (
    <Stack spacing={1}>
      {returns.length > 0 && (
        <Box component="ul" aria-label="Returns" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {returns.map((one) => (
            <ReturnItem key={one._id} orderReturn={one} />
          ))}
        </Box>
      )}
      {mayAsk && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AssignmentReturnOutlinedIcon />}
            onClick={() => setAsking(true)}
          >
            Return items
          </Button>
          {order.returnableUntil && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              Returns are open until {returnDay(order.returnableUntil)}.
            </Typography>
          )}
        </Box>
      )}
      {viewer === 'admin' && returns.length > 0 && (
        <Box>
          <Button
            component={RouterLink}
            to={paths.dashboard.returns.getHref(
              returns.some((one) => one.status === 'asked') ? 'asked' : undefined,
            )}
            startIcon={<AssignmentReturnOutlinedIcon />}
          >
            Answer in Returns
          </Button>
        </Box>
      )}
      {asking && <ReturnItemsDialog order={order} onClose={() => setAsking(false)} />}
    </Stack>
  );
}
