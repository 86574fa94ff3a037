import Typography from '@mui/material/Typography';
import { PageSection } from '../../components/layout/page-section.js';
import { CartScreen } from '../../features/cart/components/cart-screen.js';
import { useCartLink } from '../../features/cart/hooks/use-cart-link.js';
import { useParts } from '../../features/parts/api/get-parts.js';
import { usePageTitle } from '../../lib/use-page-title.js';

export default function CartRoute() {
  usePageTitle('Your cart');
  // A visitor's cart is priced from the catalogue; a customer's comes priced from the server.
  const parts = useParts();
  useCartLink(parts.data);
  return (
    <PageSection>
      <Typography variant="h3" component="h1" sx={{ mb: { xs: 3, md: 4 } }}>
        Your cart
      </Typography>
      <CartScreen catalogue={parts.data} />
    </PageSection>
  );
}
