import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { ManageAllOrders } from '../../../features/orders/components/all-orders-table.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function ManageAllOrdersRoute() {
  usePageTitle('Manage All Orders');
  return (
    <>
      <DashboardHeading title="Manage All Orders">
        Newest first. Ship paid orders (or Deliver Order first); deleting an unpaid one returns its
        stock.
      </DashboardHeading>
      <ManageAllOrders />
    </>
  );
}
