import Alert from '@mui/material/Alert';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useAllOrders } from '../../../features/orders/api/get-all-orders.js';
import { AllOrdersTable } from '../../../features/orders/components/all-orders-table.js';
import { errorMessage } from '../../../lib/query-client.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function ManageAllOrdersRoute() {
  usePageTitle('Manage All Orders');
  const orders = useAllOrders();
  return (
    <>
      <DashboardHeading title="Manage All Orders">
        Deliver paid orders; unpaid ones can be deleted, which returns their stock.
      </DashboardHeading>
      {orders.isPending ? (
        <FullScreenSpinner label="Loading the orders" />
      ) : orders.isError ? (
        <Alert severity="error">{errorMessage(orders.error)}</Alert>
      ) : (
        <AllOrdersTable orders={orders.data} />
      )}
    </>
  );
}
