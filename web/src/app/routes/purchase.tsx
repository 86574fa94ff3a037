import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { isInStock, variantLabel } from '@sprocket/contract';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner.js';
import { PageSection } from '../../components/layout/page-section.js';
import { paths, purchaseChoiceIn } from '../../config/paths.js';
import { ApiError } from '../../lib/api-client.js';
import { useSession } from '../../lib/auth.js';
import { errorMessage } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { RequireAuth } from '../../features/auth/components/require-auth.js';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice.js';
import { useSavedAddress } from '../../features/checkout/api/get-saved-address.js';
import { useSaveAddress } from '../../features/checkout/api/save-address.js';
import {
  PurchaseForm,
  type PurchaseDelivery,
} from '../../features/orders/components/purchase-form.js';
import { usePart } from '../../features/parts/api/get-part.js';
import { PartDetails } from '../../features/parts/components/part-details.js';

function PurchaseScreen({ partId }: { partId: string }) {
  const part = usePart(partId);
  const { user } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const savedAddress = useSavedAddress();
  const saveAddress = useSaveAddress();
  usePageTitle(part.data?.productName ?? 'Purchase');

  /**
   * The address typed here is offered next time (issue 35): the address book's entry takes it,
   * keeping the entry's country and region, which this form does not ask.
   */
  const keepAddress = (delivery: PurchaseDelivery) => {
    const entry = savedAddress.data?.savedAddress;
    if (entry?.address === delivery.address && entry.number === delivery.number) return;
    saveAddress.mutate({
      ...delivery,
      ...(entry?.country && { country: entry.country }),
      ...(entry?.region && { region: entry.region }),
    });
  };

  // The form opens filled from the address book, so it waits for it (an error means no entry).
  if (part.isPending || savedAddress.isPending)
    return <FullScreenSpinner label="Loading the part" />;
  if (part.isError)
    return (
      <PageSection maxWidth="sm">
        <Alert
          severity={part.error instanceof ApiError && part.error.status === 404 ? 'info' : 'error'}
          action={
            <Button color="inherit" component={RouterLink} to={paths.parts.getHref()}>
              All Parts
            </Button>
          }
        >
          {part.error instanceof ApiError && part.error.status === 404
            ? 'This part is no longer in our catalogue.'
            : errorMessage(part.error)}
        </Alert>
      </PageSection>
    );

  // A part sold in variants is bought as the one the product page chose (`?sku=`): its name with
  // its values, its price and its stock (docs/decisions/064).
  const variants = part.data.variants ?? [];
  const choice = purchaseChoiceIn(search);
  const variant = variants.find((candidate) => candidate.sku === choice.sku);
  if (variants.length > 0 && !variant)
    return (
      <PageSection maxWidth="sm">
        <Alert
          severity="info"
          action={
            <Button color="inherit" component={RouterLink} to={paths.part.getHref(partId)}>
              Choose
            </Button>
          }
        >
          {`Choose the ${(part.data.options ?? []).map((option) => option.name.toLowerCase()).join(' and ')} of ${part.data.productName} first.`}
        </Alert>
      </PageSection>
    );
  const sold = variant
    ? {
        ...part.data,
        productName: `${part.data.productName} (${variantLabel(part.data.options ?? [], variant)})`,
        price: variant.price,
        quantity: variant.quantity,
        // The chosen variant is what is bought: its stock alone counts.
        variants: [],
      }
    : part.data;

  return (
    <PageSection>
      <VerifyEmailNotice />
      <Grid container spacing={{ xs: 3, md: 4 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartDetails part={sold} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {isInStock(sold) ? (
            <PurchaseForm
              part={sold}
              sku={variant?.sku}
              // How many Buy Now chose (decision 085); the minimum order when that cannot be had.
              quantity={choice.quantity}
              buyer={{ displayName: user?.displayName ?? null, email: user?.email ?? null }}
              // The address book's entry fills Address and Phone Number (issue 26).
              savedAddress={savedAddress.data?.savedAddress ?? null}
              onPlaced={(orderId, delivery) => {
                keepAddress(delivery);
                // The order is placed: on to paying for it on the checkout page, whose success
                // is the cart's confirmation (docs/decisions/087).
                void navigate(paths.checkout.getHref(orderId));
              }}
            />
          ) : (
            // Nothing to order: no form whose quantity rule would read "Between 1 and 0".
            <Card component="section" aria-label="Place your order">
              <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
                <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
                  Place your order
                </Typography>
                <Typography color="textSecondary" sx={{ mb: 2 }}>
                  This part is sold out for now.
                </Typography>
                <Button variant="contained" fullWidth disabled>
                  Sold out
                </Button>
              </CardContent>
            </Card>
          )}
        </Grid>
      </Grid>
    </PageSection>
  );
}

export default function PurchaseRoute() {
  const { id = '' } = useParams();
  return (
    <RequireAuth>
      <PurchaseScreen partId={id} />
    </RequireAuth>
  );
}
