import Button from '@mui/material/Button';
import type { Order } from '@sprocket/contract';
import type { ReactNode } from 'react';

/**
 * One step an order's row or page offers, named for screen readers with the order it acts on
 * ("Ship: Chain for ed@example.com"): filled for a step forward, outlined red for one that
 * cancels, deletes or refunds.
 */
export function OrderActionButton({
  label,
  who,
  icon,
  color,
  loading,
  onClick,
}: {
  label: string;
  /** The order as the label names it: its part, and for an admin its customer. */
  who: string;
  icon: ReactNode;
  color: 'primary' | 'secondary' | 'error';
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      variant={color === 'error' ? 'outlined' : 'contained'}
      color={color}
      startIcon={icon}
      loading={loading}
      onClick={onClick}
      aria-label={`${label}: ${who}`}
    >
      {label}
    </Button>
  );
}

/** What a step's dialog is given: the fields of the order it shows, and how to close it. */
export interface OrderStepDialogProps<Shown extends keyof Order> {
  order: Pick<Order, '_id' | Shown>;
  onClose: () => void;
}
