import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  canPay,
  effectiveCancelReason,
  statusLabel,
  type Order,
  type OrderStatus,
} from '@sprocket/contract';
import { formatDeadline } from '../../../lib/format-time.js';

const chipColor: Record<OrderStatus, 'warning' | 'success' | 'primary' | 'default'> = {
  unpaid: 'warning',
  paid: 'success',
  processing: 'primary',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'default',
  refunded: 'default',
};

/** "Not Paid", "Paid", "Processing" or "Cancelled" (the contract's words). */
export function OrderStatusChip({
  status,
  size = 'small',
}: {
  status: OrderStatus;
  size?: 'small' | 'medium';
}) {
  return (
    <Chip
      size={size}
      variant={status === 'unpaid' ? 'outlined' : 'filled'}
      color={chipColor[status]}
      label={statusLabel[status]}
    />
  );
}

/** Says that a cancelled order's hold ran out before it was paid. */
export function CancelledNote({ order, now }: { order: Order; now: Date }) {
  if (effectiveCancelReason(order, now) !== 'expired') return null;
  return (
    <Typography variant="caption" component="p" color="textSecondary">
      not paid in time
    </Typography>
  );
}

/**
 * Until when an unpaid order holds its stock: "Pay by 14:35" for its customer, "Held until 14:35"
 * for an admin. Nothing once it cannot be paid any more.
 */
export function HoldDeadline({
  order,
  now,
  wording,
}: {
  order: Order;
  now: Date;
  wording: 'customer' | 'admin';
}) {
  if (!order.expiresAt || !canPay(order, now)) return null;
  const time = formatDeadline(order.expiresAt, now);
  return (
    <Typography variant="caption" component="p" color="textSecondary" sx={{ width: '100%' }}>
      {wording === 'customer' ? `Pay by ${time}` : `Held until ${time}`}
    </Typography>
  );
}
