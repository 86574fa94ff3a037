import type { Order } from '@sprocket/contract';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.js';
import { useToastOnSuccess } from '../../../lib/use-toast-on-success.js';
import { useDeleteOrder } from '../api/delete-order.js';

/** A cell of an orders table: its order, the time its hold is judged at, and Delete Order. */
export interface OrderCellProps {
  order: Order;
  now: Date;
  /** Opens the table's DeleteOrderDialog for the order. */
  onDelete: (order: Order) => void;
}

/**
 * "Wanted to delete {name}" before an unpaid order is deleted, by its customer (My Orders) or an
 * admin (Manage All Orders). Closes once the server reports the order deleted
 * (docs/product.md §2.2, §8.1).
 */
export function DeleteOrderDialog({
  order,
  open,
  onClose,
  children,
}: {
  /** Kept while the dialog fades out, so its question keeps its text. */
  order: Order | null;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const toastOnSuccess = useToastOnSuccess();
  const remove = useDeleteOrder();

  const confirm = async () => {
    if (!order) return;
    const deleted = await toastOnSuccess(
      async () => (await remove.mutateAsync(order)).deletedCount > 0,
      `Deleted ${order.partName} Order`,
    );
    if (deleted) onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Wanted to delete ${order?.partName ?? ''}`}
      confirmLabel="Delete Order"
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
