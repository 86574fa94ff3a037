import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatPrice } from '../../../lib/money.js';
import { useToastOnSuccess } from '../../../lib/use-toast-on-success.js';
import { useRefundOrder } from '../api/refund-order.js';
import type { OrderStepDialogProps } from './order-action-button.js';

/**
 * An admin refunds a paid order in full through the payment provider, and chooses whether its
 * parts go back on the shelf (not when they came back damaged, say). Asks first: it cannot be
 * undone. Closes once the server has acknowledged.
 */
export function RefundOrderDialog({
  order,
  onClose,
}: OrderStepDialogProps<'partName' | 'email' | 'totalPrice'>) {
  const toastOnSuccess = useToastOnSuccess();
  const refund = useRefundOrder();
  const [restock, setRestock] = useState(true);
  const titleId = useId();
  const amount = formatPrice(order.totalPrice);

  const confirm = async () => {
    const refunded = await toastOnSuccess(
      () => refund.mutateAsync({ id: order._id, restock }),
      `Refunded ${amount} to ${order.email}`,
    );
    if (refunded) onClose();
  };

  return (
    <Dialog
      open
      onClose={refund.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Refund {amount}?</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          The whole payment for {order.partName} goes back to {order.email} through the payment
          provider. This cannot be undone.
        </Typography>
        <FormControlLabel
          control={
            <Checkbox checked={restock} onChange={(event) => setRestock(event.target.checked)} />
          }
          label="Return the stock to the shelf"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={refund.isPending} color="inherit" autoFocus>
          Cancel
        </Button>
        <Button
          onClick={() => void confirm()}
          loading={refund.isPending}
          variant="contained"
          color="error"
        >
          Refund
        </Button>
      </DialogActions>
    </Dialog>
  );
}
