import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  canCancel,
  effectiveStatus,
  ORDER_SORT_COLUMNS,
  ORDER_STATUSES,
  statusLabel,
  type Order,
} from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import { ChevronRightIcon } from '../../../components/icons/chevron-right.js';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import type { DataColumn } from '../../../components/data/data-table.js';
import {
  ListTable,
  type ListTableView,
  type ListTableWords,
} from '../../../components/data/list-table.js';
import { filterOptions } from '../../../components/data/list-toolbar.js';
import { ServerList } from '../../../components/data/server-list.js';
import { sortsOf } from '../../../components/data/use-list-params.js';
import { useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { formatPrice } from '../../../lib/money.js';
import { useNow } from '../../../lib/use-now.js';
import { useAllOrders } from '../api/get-all-orders.js';
import { AdminOrderActions } from './admin-order-actions.js';
import { DeleteOrderDialog, type OrderCellProps } from './delete-order-dialog.js';
import { OrderActionButton } from './order-action-button.js';
import { CancelledNote, HoldDeadline, OrderStatusChip } from './order-status.js';

/**
 * The status cell (docs/product.md §2.14): the status, then what an admin can do next, each action
 * only where the contract allows it: Delete Order and the end of its hold while unpaid, Deliver
 * Order once paid, Ship, Mark delivered, Refund; and a link to the order's details and timeline.
 */
function Status({ order, now, onDelete }: OrderCellProps) {
  const status = effectiveStatus(order, now);
  // A hold that ran out reads as cancelled before the server has said so: nothing to do then.
  const cancelled = status === 'cancelled';
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <OrderStatusChip status={status} />
      <AdminOrderActions order={order} now={now} offer={TABLE_ACTIONS} />
      {!cancelled && canCancel(order) && (
        <OrderActionButton
          label="Delete Order"
          who={`${order.partName} for ${order.email}`}
          icon={<DeleteOutlinedIcon />}
          color="error"
          onClick={() => onDelete(order)}
        />
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

const TABLE_WORDS: ListTableWords = {
  label: 'All orders',
  empty: 'No orders yet.',
  emptyNarrowed: 'No orders match.',
};

/**
 * Manage All Orders (docs/product.md §2.14): index, order date, user email, parts name, quantity,
 * total, status. With `sort` the headers sort; with `pages` the rows are one page of many.
 */
export function AllOrdersTable({ orders, ...view }: { orders: Order[] } & ListTableView) {
  const confirm = useConfirmTarget<Order>();
  const now = useNow();

  const columns: DataColumn<Order>[] = [
    {
      id: 'date',
      header: 'Order Date',
      cell: (order) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.createdAt)}</Box>,
      sortBy: 'createdAt',
    },
    {
      id: 'email',
      header: 'User Email',
      cell: (order) => <Box sx={{ overflowWrap: 'anywhere' }}>{order.email}</Box>,
      phone: 'title',
      sortBy: 'email',
    },
    {
      id: 'part',
      header: 'Parts Name',
      cell: (order) => <Box sx={{ fontWeight: 600 }}>{order.partName}</Box>,
      sortBy: 'partName',
    },
    {
      id: 'quantity',
      header: 'Ordered Quantity',
      cell: (order) => order.orderQuantity,
      sortBy: 'orderQuantity',
    },
    {
      id: 'total',
      header: 'Total',
      cell: (order) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatPrice(order.totalPrice)}</Box>,
      align: 'right',
      sortBy: 'totalPrice',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (order) => <Status order={order} now={now} onDelete={confirm.ask} />,
      phone: 'plain',
      sortBy: 'status',
    },
  ];

  return (
    <ListTable {...TABLE_WORDS} rows={orders} columns={columns} view={view}>
      <DeleteOrderDialog order={confirm.target} open={confirm.open} onClose={confirm.close}>
        {confirm.target
          ? `The unpaid order of ${confirm.target.email} is cancelled and its parts go back into stock.`
          : null}
      </DeleteOrderDialog>
    </ListTable>
  );
}

/**
 * Manage All Orders' list: search, status filter, sort and pages, kept in the URL and asked of
 * GET /ordered; newest first unless a header says otherwise.
 */
const ORDERS_LIST = {
  filterName: 'status',
  filters: ORDER_STATUSES,
  sorts: sortsOf(ORDER_SORT_COLUMNS),
  defaultSort: '-createdAt',
  searchLabel: 'Search orders',
  filter: {
    label: 'Status',
    allLabel: 'All statuses',
    options: filterOptions(ORDER_STATUSES, statusLabel),
  },
  loadingLabel: 'Loading the orders',
} as const;

export const ManageAllOrders = () => (
  <ServerList setup={ORDERS_LIST} usePage={useAllOrders}>
    {(items, view) => <AllOrdersTable orders={items} {...view} />}
  </ServerList>
);
