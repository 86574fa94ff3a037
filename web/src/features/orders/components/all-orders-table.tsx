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
import {
  DataTable,
  type DataColumn,
  type TablePages,
  type TableSort,
} from '../../../components/data/data-table.js';
import { ServerList } from '../../../components/data/server-list.js';
import { useListParams } from '../../../components/data/use-list-params.js';
import { useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { formatPrice } from '../../../lib/money.js';
import { useNow } from '../../../lib/use-now.js';
import { useAllOrders } from '../api/get-all-orders.js';
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
          startIcon={<DeleteOutlinedIcon />}
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

/**
 * Manage All Orders (docs/product.md §2.14): index, order date, user email, parts name, quantity,
 * total, status. With `sort` the headers sort; with `pages` the rows are one page of many.
 */
export function AllOrdersTable({
  orders,
  sort,
  pages,
  narrowed = false,
}: {
  orders: Order[];
  sort?: TableSort;
  pages?: TablePages;
  /** Whether a search, filter or later page narrowed the rows (it words the empty table). */
  narrowed?: boolean;
}) {
  const confirm = useConfirmTarget<Order>();
  const now = useNow();
  const firstIndex = pages ? (pages.page - 1) * pages.pageSize : 0;

  const columns: DataColumn<Order>[] = [
    { id: 'index', header: '#', cell: (_order, index) => firstIndex + index + 1, phone: 'title' },
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
    <>
      <DataTable
        label="All orders"
        rows={orders}
        rowKey={(order) => order._id}
        columns={columns}
        empty={narrowed ? 'No orders match.' : 'No orders yet.'}
        sort={sort}
        pages={pages}
      />
      <DeleteOrderDialog order={confirm.target} open={confirm.open} onClose={confirm.close}>
        {confirm.target
          ? `The unpaid order of ${confirm.target.email} is cancelled and its parts go back into stock.`
          : null}
      </DeleteOrderDialog>
    </>
  );
}

const ORDER_SORTS = ORDER_SORT_COLUMNS.flatMap((column) => [column, `-${column}` as const]);
const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({
  value: status,
  label: statusLabel[status],
}));

/**
 * Manage All Orders' list: search, status filter, sort and pages, kept in the URL and asked of
 * GET /ordered; newest first unless a header says otherwise.
 */
export function ManageAllOrders() {
  const list = useListParams({
    filterName: 'status',
    filters: ORDER_STATUSES,
    sorts: ORDER_SORTS,
    defaultSort: '-createdAt',
  });
  const orders = useAllOrders(list.query);
  return (
    <ServerList
      list={list}
      searchLabel="Search orders"
      filter={{ label: 'Status', allLabel: 'All statuses', options: STATUS_OPTIONS }}
      page={orders}
      loadingLabel="Loading the orders"
    >
      {(items, view) => <AllOrdersTable orders={items} {...view} />}
    </ServerList>
  );
}
