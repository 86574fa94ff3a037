import { useParams } from 'react-router';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useAdminStatus } from '../../../features/auth/api/get-admin-status.js';
import { OrderDetail } from '../../../features/orders/components/order-detail.js';
import { useSession } from '../../../lib/auth.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

/**
 * One order with its timeline: its customer sees what they may do (pay, cancel), an admin every
 * next step. The server decides who may read it; the admin's question only picks the view.
 */
export default function OrderRoute() {
  usePageTitle('Order details');
  const { id = '' } = useParams();
  const { user } = useSession();
  const admin = useAdminStatus(user?.email);
  return (
    <>
      <DashboardHeading title="Order details" />
      {admin.isPending ? (
        <FullScreenSpinner label="Loading the order" />
      ) : (
        <OrderDetail key={id} orderId={id} viewer={admin.data?.admin ? 'admin' : 'customer'} />
      )}
    </>
  );
}
