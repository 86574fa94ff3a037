import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  canCancel,
  effectiveStatus,
  ORDER_SORT_COLUMNS,
  ORDER_STATUS_FILTERS,
  orderStatusFilterLabel,
  TO_SHIP,
  type Order,
  type OrdersListQuery,
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
import {
  DayRangeFilters,
  dayOrNothing,
  EmailFilter,
  useUrlFilters,
} from '../../../components/data/url-filters.js';
import { sortsOf } from '../../../components/data/use-list-params.js';
import { useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { formatPrice } from '../../../lib/money.js';
import { useNow } from '../../../lib/use-now.js';
import { useAllOrders } from '../api/get-all-orders.js';
import { OrdersCsvButton } from './orders-selection.js';
import { AdminOrderActions } from './admin-order-actions.js';
import { DeleteOrderDialog, type OrderCellProps } from './delete-order-dialog.js';
import { OrderActionButton } from './order-action-button.js';
import { CancelledNote, HoldDeadline, OrderStatusChip } from './order-status.js';

/** The status cell (docs/product.md §2.14): the status, and the end of an unpaid order's hold. */
function Status({ order, now }: { order: Order; now: Date }) {
  const status = effectiveStatus(order, now);
  return (
    <Stack sx={{ alignItems: 'flex-start', gap: 0.5 }}>
      <OrderStatusChip status={status} />
      <HoldDeadline order={order} now={now} wording="admin" />
      {status === 'cancelled' && <CancelledNote order={order} now={now} />}
    </Stack>
  );
}

/**
 * What an admin can do next, in one row beside the status so that a row stays one line high
 * (issue 27): each action only where the contract allows it: Delete Order while unpaid, Deliver
 * Order and Ship once paid, Ship from processing, Mark delivered, Refund; and a link to the
 * order's details and timeline.
 */
function Actions({ order, now, onDelete }: OrderCellProps) {
  // A hold that ran out reads as cancelled before the server has said so: nothing to do then.
  const cancelled = effectiveStatus(order, now) === 'cancelled';
  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        // Wide enough for a row's buttons side by side, each on one line (issue 27).
        minWidth: { sm: 240 },
        '& .MuiButton-root': { whiteSpace: 'nowrap' },
      }}
    >
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
      cell: (order) => <Box sx={{ minWidth: 96 }}>{formatDateTime(order.createdAt)}</Box>,
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
      wrapHeader: true,
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
      cell: (order) => <Status order={order} now={now} />,
      sortBy: 'status',
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (order) => <Actions order={order} now={now} onDelete={confirm.ask} />,
      phone: 'plain',
    },
  ];

  return (
    <ListTable {...TABLE_WORDS} rows={orders} columns={columns} view={{ ...view, dense: true }}>
      <DeleteOrderDialog order={confirm.target} open={confirm.open} onClose={confirm.close}>
        {confirm.target
          ? `The unpaid order of ${confirm.target.email} is cancelled and its parts go back into stock.`
          : null}
      </DeleteOrderDialog>
    </ListTable>
  );
}

/**
 * Manage All Orders' list: search, status filter, the days placed and one customer, sort and
 * pages, kept in the URL and asked of GET /ordered; newest first unless a header says otherwise.
 * The selection (all its pages) downloads as CSV.
 */
const ORDERS_LIST = {
  filterName: 'status',
  filters: ORDER_STATUS_FILTERS,
  // What is left to ship first (issue 36 item 7); "All statuses" is one pick away.
  defaultFilter: TO_SHIP,
  sorts: sortsOf(ORDER_SORT_COLUMNS),
  defaultSort: '-createdAt',
  searchLabel: 'Search orders',
  filter: {
    label: 'Status',
    allLabel: 'All statuses',
    options: filterOptions(ORDER_STATUS_FILTERS, orderStatusFilterLabel),
  },
  loadingLabel: 'Loading the orders',
} as const;

export function ManageAllOrders() {
  const more = useUrlFilters(ORDER_FILTERS);
  const { from, to, customer } = more.values;
  const selection = {
    from: dayOrNothing(from),
    to: dayOrNothing(to),
    email: customer.trim() || undefined,
  };
  // The list's page with the filters of its own added (one hook, called on every render).
  const useSelectedOrders = (query: OrdersListQuery) => useAllOrders({ ...query, ...selection });
  return (
    <ServerList
      setup={ORDERS_LIST}
      usePage={useSelectedOrders}
      more={{
        narrowed: more.on,
        filters: (
          <DayRangeFilters
            from={from}
            to={to}
            onChange={more.set}
            onClear={more.on ? () => more.set({ from: '', to: '', customer: '' }) : undefined}
          >
            <EmailFilter
              label="Customer email"
              email={customer}
              onChange={(email) => more.set({ customer: email })}
            />
            <OrdersCsvButton selection={selection} />
          </DayRangeFilters>
        ),
      }}
    >
      {(items, view) => <AllOrdersTable orders={items} {...view} />}
    </ServerList>
  );
}

/** The URL's filters of All Orders beside the search and status: the days and the customer. */
const ORDER_FILTERS = ['from', 'to', 'customer'] as const;
