/**
 * GET /admin/customers (admin): everyone who paid for an order, with their number of orders,
 * total spent and last order, searched by name and email, sorted and paged; the number of
 * matches in X-Total-Count. Read from the kept totals (customer-totals.ts), one document per
 * customer.
 */
import {
  apiPaths,
  customersQuerySchema,
  type Customer,
  type CustomerSortColumn,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { validateQuery } from '../../http/validate.js';
import { adminOnly } from '../../http/access.js';
import { adminTablePage, pageResponse, searchFold } from '../list-query.js';
import {
  CUSTOMER_TOTALS,
  ensureCustomerTotals,
  toCustomer,
  type CustomerTotalsDoc,
} from './customer-totals.js';

export function customersRoutes(deps: AppDeps) {
  const admin = adminOnly(deps);
  return new Hono<AppEnv>().get(
    apiPaths.adminCustomers(),
    ...admin,
    validateQuery(customersQuerySchema),
    async (c) => {
      const query = c.get('query');
      await ensureCustomerTotals(deps.store, deps.clock());
      const customers = (await deps.store.query<CustomerTotalsDoc>(CUSTOMER_TOTALS)).map(
        toCustomer,
      );
      const page = adminTablePage<Customer, CustomerSortColumn>(
        customers,
        { ...query, sort: query.sort ?? '-lastOrderAt' },
        {
          searchText: (customer) => searchFold(`${customer.name}\n${customer.email}`),
          filter: () => true,
          valueOf: (customer, column) =>
            column === 'lastOrderAt' ? Date.parse(customer.lastOrderAt) : customer[column],
        },
      );
      return pageResponse(c, page);
    },
  );
}
