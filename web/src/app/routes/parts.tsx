import { PageSection } from '../../components/layout/page-section.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { AddToCart } from '../../features/cart/components/add-to-cart.js';
import { Catalogue } from '../../features/parts/components/catalogue.js';

export default function PartsRoute() {
  usePageTitle('All Parts');
  return (
    <PageSection>
      <Catalogue partAction={(part) => <AddToCart part={part} />} />
    </PageSection>
  );
}
