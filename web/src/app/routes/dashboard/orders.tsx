import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { ManageAllOrders } from '../../../features/orders/components/all-orders-table.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function ManageAllOrdersRoute() {
  usePageTitle('Manage All Orders');
  return (
    <>
      <DashboardHeading title="Manage All Orders">
        Newest first. Ship paid orders (or Deliver Order to process them first); unpaid ones can be
        deleted, which returns their stock. Narrow the list by status, days and customer, and export
        it as CSV.
      </DashboardHeading>
      <ManageAllOrders />
    </>
  );
}
