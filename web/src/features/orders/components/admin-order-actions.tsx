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
import { OrderActionButton } from './order-action-button.js';
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
        <OrderActionButton
          label="Deliver Order"
          who={who}
          icon={<MoveToInboxOutlinedIcon />}
          color="secondary"
          loading={deliver.isPending}
          onClick={handleDeliver}
        />
      )}
      {on('ship') && canShip(order) && (
        <OrderActionButton
          label="Ship"
          who={who}
          icon={<LocalShippingOutlinedIcon />}
          color="secondary"
          onClick={() => setDialog('ship')}
        />
      )}
      {on('markDelivered') && canMarkDelivered(order) && (
        <OrderActionButton
          label="Mark delivered"
          who={who}
          icon={<DoneAllIcon />}
          color="primary"
          loading={markDelivered.isPending}
          onClick={handleMarkDelivered}
        />
      )}
      {on('refund') && canRefund(order) && (
        <OrderActionButton
          label="Refund"
          who={who}
          icon={<AssignmentReturnOutlinedIcon />}
          color="error"
          onClick={() => setDialog('refund')}
        />
      )}
      {on('cancel') && !cancelled && canCancel(order) && (
        <OrderActionButton
          label="Cancel order"
          who={who}
          icon={<CancelOutlinedIcon />}
          color="error"
          onClick={() => setCancelOpen(true)}
        />
      )}
      {dialog === 'ship' && <ShipOrderDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundOrderDialog order={order} onClose={() => setDialog(null)} />}
      <CancelOrderDialog order={order} open={cancelOpen} onClose={() => setCancelOpen(false)} />
    </>
  );
}
