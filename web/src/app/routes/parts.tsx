import { PageSection } from '../../components/layout/page-section.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { AddToCart } from '../../features/cart/components/add-to-cart.js';
import { useParts } from '../../features/parts/api/get-parts.js';
import { PartsGrid } from '../../features/parts/components/parts-grid.js';

export default function PartsRoute() {
  usePageTitle('All Parts');
  const parts = useParts();
  return (
    <PageSection>
      <PartsGrid
        parts={parts.data}
        isLoading={parts.isPending}
        headingLevel="h1"
        partAction={(part) => <AddToCart part={part} />}
      />
    </PageSection>
  );
}
