import type { Order } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.js';
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
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteOrder();

  const confirm = async () => {
    if (!order) return;
    try {
      const result = await remove.mutateAsync(order);
      if (!result.deletedCount) return;
    } catch {
      return; // the mutation cache shows the API's message
    }
    enqueueSnackbar(`Deleted ${order.partName} Order`, { variant: 'success' });
    onClose();
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
