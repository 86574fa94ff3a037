import { useParams } from 'react-router';
import { PageSection } from '../../components/layout/page-section.js';
import { RequireAuth } from '../../features/auth/components/require-auth.js';
import { OrderConfirmation } from '../../features/orders/components/order-confirmation.js';
import { usePageTitle } from '../../lib/use-page-title.js';

export default function OrderConfirmationRoute() {
  usePageTitle('Order confirmed');
  const { id = '' } = useParams();
  return (
    <RequireAuth>
      <PageSection>
        <OrderConfirmation key={id} orderId={id} />
      </PageSection>
    </RequireAuth>
  );
}
