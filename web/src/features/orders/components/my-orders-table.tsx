import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canCancel, canPay, effectiveStatus, type Order } from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { PaymentIcon } from '../../../components/icons/payment.js';
import type { DataColumn } from '../../../components/data/data-table.js';
import { ListTable } from '../../../components/data/list-table.js';
import { useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { paths } from '../../../config/paths.js';
import { phoneTapTarget } from '../../../lib/tap-target.js';
import { formatPrice } from '../../../lib/money.js';
import { useNow } from '../../../lib/use-now.js';
import { DeleteOrderDialog, type OrderCellProps } from './delete-order-dialog.js';
import { OrderActionButton } from './order-action-button.js';
import { CancelledNote, HoldDeadline, OrderStatusChip } from './order-status.js';
import { ShipmentLine } from './track-parcel.js';

function TransactionId({ id }: { id: string | undefined }) {
  if (!id) return null;
  return (
    <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
      Transaction id:{' '}
      <Box component="code" sx={{ color: 'text.primary', fontSize: 13 }}>
        {id}
      </Box>
    </Typography>
  );
}

/**
 * The "process" cell (docs/product.md §2.11): Pay and Delete Order while the order can still be
 * paid, with the time its hold runs out; the transaction id once paid; "Cancelled" and nothing to
 * do once not.
 */
function Process({ order, now, onDelete }: OrderCellProps) {
  const status = effectiveStatus(order, now);
  if (status === 'cancelled')
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <OrderStatusChip status={status} />
        <CancelledNote order={order} now={now} />
      </Stack>
    );
  if (canPay(order, now))
    return (
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="contained"
          color="secondary"
          startIcon={<PaymentIcon />}
          component={RouterLink}
          to={paths.dashboard.payment.getHref(order._id)}
          aria-label={`Pay for ${order.partName}`}
        >
          Pay
        </Button>
        {canCancel(order) && (
          <OrderActionButton
            label="Delete Order"
            who={order.partName}
            icon={<DeleteOutlinedIcon />}
            color="error"
            onClick={() => onDelete(order)}
          />
        )}
        <HoldDeadline order={order} now={now} wording="customer" />
      </Stack>
    );
  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
      <OrderStatusChip status={status} />
      {order.shipment && (
        <Typography variant="body2" color="textSecondary" component="div">
          <ShipmentLine shipment={order.shipment} />
        </Typography>
      )}
      <TransactionId id={order.transactionId} />
    </Stack>
  );
}

/**
 * My Orders (docs/product.md §2.11): index, name (linking to the order's details), price,
 * quantity, process.
 */
export function MyOrdersTable({ orders }: { orders: Order[] }) {
  const confirm = useConfirmTarget<Order>();
  const now = useNow();

  const columns: DataColumn<Order>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (order) => (
        <Link
          component={RouterLink}
          to={paths.dashboard.order.getHref(order._id)}
          aria-label={`Details of ${order.partName}`}
          sx={{ ...phoneTapTarget, fontWeight: 600 }}
        >
          {order.partName}
        </Link>
      ),
      phone: 'title',
    },
    {
      id: 'price',
      header: 'Price',
      cell: (order) => (
        <>
          {formatPrice(order.totalPrice)}
          <Typography variant="caption" component="div" color="textSecondary">
            {/* Several lines have no one unit price: their summary price is the total. */}
            {order.lines.length > 1
              ? `${order.lines.length} parts`
              : `${formatPrice(order.price)} each`}
          </Typography>
        </>
      ),
    },
    { id: 'quantity', header: 'Quantity', cell: (order) => order.orderQuantity },
    {
      id: 'process',
      header: 'Process',
      cell: (order) => <Process order={order} now={now} onDelete={confirm.ask} />,
      phone: 'plain',
    },
  ];

  return (
    <ListTable
      label="My orders"
      rows={orders}
      columns={columns}
      empty="You have no orders yet. Pick a part from All Parts to place one."
    >
      <DeleteOrderDialog order={confirm.target} open={confirm.open} onClose={confirm.close}>
        The order is cancelled and its parts go back into stock.
      </DeleteOrderDialog>
    </ListTable>
  );
}
