/**
 * Customers (issue 27, docs/product.md §2.18): everyone who paid for an order, with their orders,
 * total spent and last order; searched, sorted and paged by the server, each customer's orders
 * one tap away on All Orders.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CUSTOMER_SORT_COLUMNS, type Customer } from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import type { DataColumn } from '../../../components/data/data-table.js';
import {
  ListTable,
  type ListTableView,
  type ListTableWords,
} from '../../../components/data/list-table.js';
import { ServerList } from '../../../components/data/server-list.js';
import { sortsOf } from '../../../components/data/use-list-params.js';
import { ChevronRightIcon } from '../../../components/icons/chevron-right.js';
import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { formatPrice } from '../../../lib/money.js';
import { useCustomers } from '../api/get-customers.js';

/** All Orders narrowed to the customer. */
export const ordersOfCustomer = (email: string) =>
  paths.dashboard.orders.getHref(`?customer=${encodeURIComponent(email)}`);

const TABLE_WORDS: ListTableWords = {
  label: 'Customers',
  empty: 'No customer has paid for an order yet.',
  emptyNarrowed: 'No customers match.',
};

type CustomerRow = Customer & { _id: string };

export function CustomersTable({ customers, ...view }: { customers: Customer[] } & ListTableView) {
  const rows: CustomerRow[] = customers.map((customer) => ({ ...customer, _id: customer.email }));
  const columns: DataColumn<CustomerRow>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (customer) => <Box sx={{ fontWeight: 600 }}>{customer.name}</Box>,
      phone: 'title',
      sortBy: 'name',
    },
    {
      id: 'email',
      header: 'Email',
      cell: (customer) => <Box sx={{ overflowWrap: 'anywhere' }}>{customer.email}</Box>,
      sortBy: 'email',
    },
    { id: 'orders', header: 'Orders', cell: (customer) => customer.orders, sortBy: 'orders' },
    {
      id: 'spent',
      header: 'Total spent',
      cell: (customer) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>{formatPrice(customer.totalSpent)}</Box>
      ),
      align: 'right',
      sortBy: 'totalSpent',
    },
    {
      id: 'last',
      header: 'Last order',
      cell: (customer) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(customer.lastOrderAt)}</Box>
      ),
      sortBy: 'lastOrderAt',
    },
    {
      id: 'open',
      header: 'Their orders',
      cell: (customer) => (
        <Button
          size="small"
          component={RouterLink}
          to={ordersOfCustomer(customer.email)}
          endIcon={<ChevronRightIcon />}
          aria-label={`Orders of ${customer.email}`}
        >
          Orders
        </Button>
      ),
      phone: 'plain',
    },
  ];
  return <ListTable {...TABLE_WORDS} rows={rows} columns={columns} view={view} />;
}

const CUSTOMERS_LIST = {
  // The list has no picker filter: a name the URL never holds.
  filterName: 'filter',
  filters: [] as string[],
  sorts: sortsOf(CUSTOMER_SORT_COLUMNS),
  defaultSort: '-lastOrderAt',
  searchLabel: 'Search customers',
  loadingLabel: 'Loading the customers',
} as const;

export const ManageCustomers = () => (
  <ServerList setup={CUSTOMERS_LIST} usePage={useCustomers}>
    {(items, view) => <CustomersTable customers={items} {...view} />}
  </ServerList>
);
