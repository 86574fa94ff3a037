import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { canCancel, effectiveStatus, type Order } from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data/data-table.js';
import { useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { paths } from '../../../config/paths.js';
import { useNow } from '../../../lib/use-now.js';
import { AdminOrderActions } from './admin-order-actions.js';
import { DeleteOrderDialog } from './delete-order-dialog.js';
import { CancelledNote, HoldDeadline, OrderStatusChip } from './order-status.js';

/**
 * The status cell (docs/product.md §2.14): the status, then what an admin can do next, each action
 * only where the contract allows it: Delete Order and the end of its hold while unpaid, Deliver
 * Order once paid, Ship, Mark delivered, Refund; and a link to the order's details and timeline.
 */
function Status({
  order,
  now,
  onDelete,
}: {
  order: Order;
  now: Date;
  onDelete: (order: Order) => void;
}) {
  const status = effectiveStatus(order, now);
  // A hold that ran out reads as cancelled before the server has said so: nothing to do then.
  const cancelled = status === 'cancelled';
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <OrderStatusChip status={status} />
      <AdminOrderActions order={order} now={now} offer={TABLE_ACTIONS} />
      {!cancelled && canCancel(order) && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => onDelete(order)}
          aria-label={`Delete Order: ${order.partName} for ${order.email}`}
        >
          Delete Order
        </Button>
      )}
      <Button
        size="small"
        component={RouterLink}
        to={paths.dashboard.order.getHref(order._id)}
        endIcon={<ChevronRightIcon />}
        aria-label={`Details: ${order.partName} for ${order.email}`}
      >
        Details
      </Button>
      <HoldDeadline order={order} now={now} wording="admin" />
      {cancelled && <CancelledNote order={order} now={now} />}
    </Stack>
  );
}

/** The table deletes unpaid orders (the original Delete Order); cancelling is on the details. */
const TABLE_ACTIONS = ['deliver', 'ship', 'markDelivered', 'refund'] as const;

/** Manage All Orders (docs/product.md §2.14): index, user email, parts name, quantity, status. */
export function AllOrdersTable({ orders }: { orders: Order[] }) {
  const confirm = useConfirmTarget<Order>();
  const now = useNow();

  const columns: DataColumn<Order>[] = [
    { id: 'index', header: '#', cell: (_order, index) => index + 1, phone: 'title' },
    {
      id: 'email',
      header: 'User Email',
      cell: (order) => <Box sx={{ overflowWrap: 'anywhere' }}>{order.email}</Box>,
      phone: 'title',
    },
    {
      id: 'part',
      header: 'Parts Name',
      cell: (order) => <Box sx={{ fontWeight: 600 }}>{order.partName}</Box>,
    },
    { id: 'quantity', header: 'Ordered Quantity', cell: (order) => order.orderQuantity },
    {
      id: 'status',
      header: 'Status',
      cell: (order) => <Status order={order} now={now} onDelete={confirm.ask} />,
      phone: 'plain',
    },
  ];

  return (
    <>
      <DataTable
        label="All orders"
        rows={orders}
        rowKey={(order) => order._id}
        columns={columns}
        empty="No orders yet."
      />
      <DeleteOrderDialog order={confirm.target} open={confirm.open} onClose={confirm.close}>
        {confirm.target
          ? `The unpaid order of ${confirm.target.email} is cancelled and its parts go back into stock.`
          : null}
      </DeleteOrderDialog>
    </>
  );
}
