import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { canCancel, canDeliver, type Order } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { DataTable, type DataColumn } from '../../../components/data/data-table.js';
import { useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { useNow } from '../../../lib/use-now.js';
import { useDeliverOrder } from '../api/deliver-order.js';
import { DeleteOrderDialog } from './delete-order-dialog.js';
import { CancelledNote, HoldDeadline, OrderStatusChip, shownStatus } from './order-status.js';

/**
 * The status cell (spec §4): Not Paid with Delete Order and the end of its hold, Paid with
 * Deliver Order, Processing, or Cancelled; each action only where the contract allows it.
 */
function Status({
  order,
  now,
  onDelete,
  onDeliver,
  delivering,
}: {
  order: Order;
  now: Date;
  onDelete: (order: Order) => void;
  onDeliver: (order: Order) => void;
  delivering: boolean;
}) {
  const status = shownStatus(order, now);
  // A hold that ran out reads as cancelled before the server has said so: nothing to do then.
  const cancelled = status === 'cancelled';
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <OrderStatusChip status={status} />
      {!cancelled && canDeliver(order) && (
        <Button
          size="small"
          variant="contained"
          color="secondary"
          startIcon={<LocalShippingOutlinedIcon />}
          loading={delivering}
          onClick={() => onDeliver(order)}
          aria-label={`Deliver Order: ${order.partName} for ${order.email}`}
        >
          Deliver Order
        </Button>
      )}
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
      <HoldDeadline order={order} now={now} wording="admin" />
      {cancelled && <CancelledNote order={order} now={now} />}
    </Stack>
  );
}

/** Manage All Orders (spec §2): index, user email, parts name, ordered quantity, status. */
export function AllOrdersTable({ orders }: { orders: Order[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const deliver = useDeliverOrder();
  const confirm = useConfirmTarget<Order>();
  const now = useNow();

  const handleDeliver = (order: Order) =>
    deliver.mutate(order._id, {
      onSuccess: (result) => {
        if (result.acknowledged)
          enqueueSnackbar('Deliver processing, Successfully', { variant: 'success' });
      },
    });

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
      cell: (order) => (
        <Status
          order={order}
          now={now}
          onDelete={confirm.ask}
          onDeliver={handleDeliver}
          delivering={deliver.isPending && deliver.variables === order._id}
        />
      ),
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
