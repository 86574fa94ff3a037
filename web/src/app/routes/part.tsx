import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CataloguePart } from '@sprocket/contract';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner.js';
import { NotFoundPage } from '../../components/feedback/not-found-page.js';
import { PageSection } from '../../components/layout/page-section.js';
import { isNotFoundError } from '../../lib/api-client.js';
import { useSession } from '../../lib/auth.js';
import { errorMessage } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { useAdminStatus } from '../../features/auth/api/get-admin-status.js';
import { AddToCart } from '../../features/cart/components/add-to-cart.js';
import { usePart } from '../../features/parts/api/get-part.js';
import { useRecordView } from '../../features/parts/api/record-view.js';
import { PartBreadcrumbs } from '../../features/parts/components/part-breadcrumbs.js';
import { ProductDetails } from '../../features/parts/components/product-details.js';
import { RelatedParts } from '../../features/parts/components/related-parts.js';
import { initialVariant, VariantPicker } from '../../features/parts/components/variant-picker.js';
import { PartReviews } from '../../features/reviews/components/part-reviews.js';
import { BackInStock } from '../../features/stock-alerts/components/back-in-stock.js';

/**
 * The part and its buying controls; for a part sold in variants, the option picker, whose chosen
 * variant's price, stock and sku the page shows and buys (docs/decisions/064).
 */
function PartBuying({ part }: { part: CataloguePart }) {
  const [search] = useSearchParams();
  const [sku, setSku] = useState(() => initialVariant(part, search.get('sku'))?.sku);
  const variant = part.variants.find((candidate) => candidate.sku === sku);
  // The Add to cart form, which the phone's bar at the foot of the screen sends too. Not useId:
  // the form is drawn on the server and the bar only in the browser, and their ids must agree.
  const buyFormId = `add-to-cart-${part._id}`;
  if (!variant) {
    return (
      <ProductDetails
        part={part}
        buyFormId={buyFormId}
        buy={<AddToCart part={part} size="medium" formId={buyFormId} />}
        whenSoldOut={<BackInStock partId={part._id} />}
      />
    );
  }
  const label = part.options.map((option) => variant.options[option.name]).join(' / ');
  return (
    <ProductDetails
      part={part}
      variant={variant}
      picker={<VariantPicker part={part} variant={variant} onPick={setSku} />}
      // A fresh alert for each size: each is sold out, and back, on its own.
      whenSoldOut={<BackInStock key={variant.sku} partId={part._id} sku={variant.sku} />}
      buyFormId={buyFormId}
      buy={
        <AddToCart
          // A fresh quantity for each variant: its stock is its own.
          key={variant.sku}
          part={{
            _id: part._id,
            productName: `${part.productName} (${label})`,
            order: part.order,
            quantity: variant.quantity,
          }}
          sku={variant.sku}
          size="medium"
          formId={buyFormId}
        />
      }
    />
  );
}

/**
 * The part's reviews as the visitor may act on them. The session is read here, not by the page:
 * it becomes known once the page is hydrated, and only the reviews render again then
 * (docs/decisions/117).
 */
function ViewersPartReviews({ partId }: { partId: string }) {
  const { user } = useSession();
  const admin = useAdminStatus(user?.email);
  return (
    <PartReviews
      partId={partId}
      viewer={{ email: user?.email ?? null, isAdmin: admin.data?.admin === true }}
    />
  );
}

/**
 * A product page (docs/product.md §2.25): public; counts a view when it opens. A part that is not
 * in the catalogue is the "GOT LOST ?" page, as the server answers it (404).
 */
export default function PartRoute() {
  const { id = '' } = useParams();
  const part = usePart(id, { inPlace: true });
  useRecordView(id);
  usePageTitle(part.data?.productName ?? (isNotFoundError(part.error) ? 'Page not found' : 'Part'));

  if (part.isPending)
    return (
      // The product and its reviews are taller than the screen: the footer waits below the fold
      // instead of jumping down when they arrive (layout shift, docs/decisions/032).
      <Box sx={{ minHeight: '100vh' }}>
        <FullScreenSpinner label="Loading the part" />
      </Box>
    );
  if (part.isError) {
    if (isNotFoundError(part.error)) return <NotFoundPage />;
    return (
      <PageSection maxWidth="sm">
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void part.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(part.error)}
        </Alert>
      </PageSection>
    );
  }

  return (
    <PageSection>
      <PartBreadcrumbs part={part.data} />
      <PartBuying part={part.data} />
      <RelatedParts partId={part.data._id} />
      <Box sx={{ mt: { xs: 5, md: 7 }, maxWidth: 'md' }}>
        <ViewersPartReviews partId={part.data._id} />
      </Box>
    </PageSection>
  );
}
