import Button from '@mui/material/Button';
import {
  canCancel,
  canDeliver,
  canMarkDelivered,
  canRefund,
  canShip,
  effectiveStatus,
  type Order,
} from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { AssignmentReturnOutlinedIcon } from '../../../components/icons/assignment-return-outlined.js';
import { CancelOutlinedIcon } from '../../../components/icons/cancel-outlined.js';
import { DoneAllIcon } from '../../../components/icons/done-all.js';
import { LocalShippingOutlinedIcon } from '../../../components/icons/local-shipping-outlined.js';
import { MoveToInboxOutlinedIcon } from '../../../components/icons/move-to-inbox-outlined.js';
import { useDeliverOrder } from '../api/deliver-order.js';
import { useMarkOrderDelivered } from '../api/mark-order-delivered.js';
import { CancelOrderDialog } from './cancel-order-dialog.js';
import { RefundOrderDialog } from './refund-order-dialog.js';
import { ShipOrderDialog } from './ship-order-dialog.js';

export type AdminOrderAction = 'deliver' | 'ship' | 'markDelivered' | 'refund' | 'cancel';

const ALL: readonly AdminOrderAction[] = ['deliver', 'ship', 'markDelivered', 'refund', 'cancel'];

/**
 * An admin's next steps for an order, each offered only where the contract's rules allow it:
 * Deliver Order (paid → processing, the original shop's), Ship (with carrier and tracking
 * number), Mark delivered, Refund (asks whether the stock returns) and Cancel (unpaid). `offer`
 * narrows them where a screen has its own way of doing one (the orders table deletes unpaid
 * orders instead).
 */
export function AdminOrderActions({
  order,
  now,
  offer = ALL,
}: {
  order: Order;
  now: Date;
  offer?: readonly AdminOrderAction[];
}) {
  const { enqueueSnackbar } = useSnackbar();
  const deliver = useDeliverOrder();
  const markDelivered = useMarkOrderDelivered();
  const [dialog, setDialog] = useState<'ship' | 'refund' | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const on = (action: AdminOrderAction) => offer.includes(action);
  const who = `${order.partName} for ${order.email}`;
  // A hold that ran out reads as cancelled before the server has said so: nothing to do then.
  const cancelled = effectiveStatus(order, now) === 'cancelled';

  const handleDeliver = () =>
    deliver.mutate(order._id, {
      onSuccess: (result) => {
        if (result.acknowledged)
          enqueueSnackbar('Deliver processing, Successfully', { variant: 'success' });
      },
    });
  const handleMarkDelivered = () =>
    markDelivered.mutate(order._id, {
      onSuccess: () => enqueueSnackbar(`Delivered ${order.partName} Order`, { variant: 'success' }),
    });

  return (
    <>
      {on('deliver') && canDeliver(order) && (
        <Button
          size="small"
          variant="contained"
          color="secondary"
          startIcon={<MoveToInboxOutlinedIcon />}
          loading={deliver.isPending}
          onClick={handleDeliver}
          aria-label={`Deliver Order: ${who}`}
        >
          Deliver Order
        </Button>
      )}
      {on('ship') && canShip(order) && (
        <Button
          size="small"
          variant="contained"
          color="secondary"
          startIcon={<LocalShippingOutlinedIcon />}
          onClick={() => setDialog('ship')}
          aria-label={`Ship: ${who}`}
        >
          Ship
        </Button>
      )}
      {on('markDelivered') && canMarkDelivered(order) && (
        <Button
          size="small"
          variant="contained"
          color="primary"
          startIcon={<DoneAllIcon />}
          loading={markDelivered.isPending}
          onClick={handleMarkDelivered}
          aria-label={`Mark delivered: ${who}`}
        >
          Mark delivered
        </Button>
      )}
      {on('refund') && canRefund(order) && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<AssignmentReturnOutlinedIcon />}
          onClick={() => setDialog('refund')}
          aria-label={`Refund: ${who}`}
        >
          Refund
        </Button>
      )}
      {on('cancel') && !cancelled && canCancel(order) && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<CancelOutlinedIcon />}
          onClick={() => setCancelOpen(true)}
          aria-label={`Cancel order: ${who}`}
        >
          Cancel order
        </Button>
      )}
      {dialog === 'ship' && <ShipOrderDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundOrderDialog order={order} onClose={() => setDialog(null)} />}
      <CancelOrderDialog order={order} open={cancelOpen} onClose={() => setCancelOpen(false)} />
    </>
  );
}
