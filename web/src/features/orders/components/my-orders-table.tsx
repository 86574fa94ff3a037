import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PaymentIcon from '@mui/icons-material/Payment';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data/data-table.js';
import { useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { paths } from '../../../config/paths.js';
import { formatPrice } from '../../../lib/money.js';
import { isPaid } from '../../../lib/order-state.js';
import { DeleteOrderDialog } from './delete-order-dialog.js';

function TransactionId({ id }: { id: string | undefined }) {
  if (!id) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      Transaction id:{' '}
      <Box component="code" sx={{ color: 'text.primary', fontSize: 13 }}>
        {id}
      </Box>
    </Typography>
  );
}

/** The "process" cell (spec §4): Pay and Delete Order while unpaid, then the transaction id. */
function Process({ order, onDelete }: { order: Order; onDelete: (order: Order) => void }) {
  if (!isPaid(order))
    return (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
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
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => onDelete(order)}
          aria-label={`Delete Order: ${order.partName}`}
        >
          Delete Order
        </Button>
      </Stack>
    );
  const processing = order.status === 'processing';
  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        color={processing ? 'primary' : 'success'}
        label={processing ? 'Processing' : 'Paid'}
      />
      <TransactionId id={order.transactionId} />
    </Stack>
  );
}

/** My Orders (spec §2): index, name, price, quantity, process. */
export function MyOrdersTable({ orders }: { orders: Order[] }) {
  const confirm = useConfirmTarget<Order>();

  const columns: DataColumn<Order>[] = [
    { id: 'index', header: '#', cell: (_order, index) => index + 1, phone: 'title' },
    {
      id: 'name',
      header: 'Name',
      cell: (order) => <Box sx={{ fontWeight: 600 }}>{order.partName}</Box>,
      phone: 'title',
    },
    {
      id: 'price',
      header: 'Price',
      cell: (order) => (
        <>
          {formatPrice(order.totalPrice)}
          <Typography variant="caption" component="div" color="text.secondary">
            {formatPrice(order.price)} each
          </Typography>
        </>
      ),
    },
    { id: 'quantity', header: 'Quantity', cell: (order) => order.orderQuantity },
    {
      id: 'process',
      header: 'Process',
      cell: (order) => <Process order={order} onDelete={confirm.ask} />,
      phone: 'plain',
    },
  ];

  return (
    <>
      <DataTable
        label="My orders"
        rows={orders}
        rowKey={(order) => order._id}
        columns={columns}
        empty="You have no orders yet. Pick a part from All Parts to place one."
      />
      <DeleteOrderDialog order={confirm.target} open={confirm.open} onClose={confirm.close}>
        The order is cancelled and its parts go back into stock.
      </DeleteOrderDialog>
    </>
  );
}
