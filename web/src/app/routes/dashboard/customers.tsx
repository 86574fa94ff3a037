import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { ManageCustomers } from '../../../features/admin-customers/components/customers-table.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function CustomersRoute() {
  usePageTitle('Customers');
  return (
    <>
      <DashboardHeading title="Customers">
        Everyone who has paid for an order, latest first: their paid orders, what they spent (less
        refunds) and when they last ordered. Open a customer&apos;s orders from their row.
      </DashboardHeading>
      <ManageCustomers />
    </>
  );
}
