import { useParams } from 'react-router';
import { PageSection } from '../../components/layout/page-section.js';
import { RequireAuth } from '../../features/auth/components/require-auth.js';
import { OrderConfirmation } from '../../features/orders/components/order-confirmation.js';
import { orderLinkOf } from '../../lib/order-links.js';
import { usePageTitle } from '../../lib/use-page-title.js';

export default function OrderConfirmationRoute() {
  usePageTitle('Order confirmed');
  const { id = '' } = useParams();
  // A guest's order opens with its private link, which this tab holds (docs/decisions/066).
  if (orderLinkOf(id)) {
    return (
      <PageSection>
        <OrderConfirmation key={id} orderId={id} guest />
      </PageSection>
    );
  }
  return (
    <RequireAuth>
      <PageSection>
        <OrderConfirmation key={id} orderId={id} />
      </PageSection>
    </RequireAuth>
  );
}
