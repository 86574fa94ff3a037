import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { ManageAllOrders } from '../../../features/orders/components/all-orders-table.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function ManageAllOrdersRoute() {
  usePageTitle('Manage All Orders');
  return (
    <>
      <DashboardHeading title="Manage All Orders">
        Newest first. Deliver paid orders; unpaid ones can be deleted, which returns their stock.
      </DashboardHeading>
      <ManageAllOrders />
    </>
  );
}
