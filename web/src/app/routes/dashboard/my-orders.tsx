import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { QueryError } from '../../../components/feedback/query-error.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useMyOrders } from '../../../features/orders/api/get-my-orders.js';
import { MyOrdersTable } from '../../../features/orders/components/my-orders-table.js';
import { useSession } from '../../../lib/auth.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

function Orders({ email }: { email: string }) {
  const orders = useMyOrders(email);
  if (orders.isPending) return <FullScreenSpinner label="Loading your orders" />;
  if (orders.isError) return <QueryError query={orders} />;
  return <MyOrdersTable orders={orders.data} />;
}

export default function MyOrdersRoute() {
  usePageTitle('My Orders');
  const { user } = useSession();
  return (
    <>
      <DashboardHeading title="My Orders">
        Pay for an order to have it shipped, or delete it while it is unpaid.
      </DashboardHeading>
      {user?.email && <Orders email={user.email} />}
    </>
  );
}
