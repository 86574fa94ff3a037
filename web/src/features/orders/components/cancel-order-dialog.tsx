import type { Order } from '@sprocket/contract';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.js';
import { useToastOnSuccess } from '../../../lib/use-toast-on-success.js';
import { useCancelOrder } from '../api/cancel-order.js';

/**
 * Asks before an unpaid order is cancelled (by its customer or an admin): it stays listed as
 * cancelled and its parts go back into stock. Closes once the server has acknowledged.
 */
export function CancelOrderDialog({
  order,
  open,
  onClose,
}: {
  /** Kept while the dialog fades out, so its question keeps its text. */
  order: Pick<Order, '_id' | 'partName'> | null;
  open: boolean;
  onClose: () => void;
}) {
  const toastOnSuccess = useToastOnSuccess();
  const cancel = useCancelOrder();

  const confirm = async () => {
    if (!order) return;
    const cancelled = await toastOnSuccess(
      () => cancel.mutateAsync(order._id),
      `Cancelled ${order.partName} Order`,
    );
    if (cancelled) onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Cancel the order of ${order?.partName ?? ''}?`}
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      busy={cancel.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      The parts go back into stock and the order can no longer be paid. It stays in the list as
      cancelled.
    </ConfirmDialog>
  );
}
