import { useParams } from 'react-router';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { PaymentScreen } from '../../../features/payments/components/payment-screen.js';
import { useSession } from '../../../lib/auth.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function PaymentRoute() {
  usePageTitle('Payment');
  const { id = '' } = useParams();
  const { user } = useSession();
  return (
    <>
      <DashboardHeading title="Payment" />
      {user?.email && (
        <PaymentScreen
          key={id}
          orderId={id}
          payer={{ name: user.displayName || user.email, email: user.email }}
        />
      )}
    </>
  );
}
