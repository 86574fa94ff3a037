import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { Link as RouterLink, useParams } from 'react-router';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner.js';
import { PageSection } from '../../components/layout/page-section.js';
import { paths } from '../../config/paths.js';
import { ApiError } from '../../lib/api-client.js';
import { useSession } from '../../lib/auth.js';
import { errorMessage } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { RequireAuth } from '../../features/auth/components/require-auth.js';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice.js';
import { PurchaseForm } from '../../features/orders/components/purchase-form.js';
import { usePart } from '../../features/parts/api/get-part.js';
import { PartDetails } from '../../features/parts/components/part-details.js';

function PurchaseScreen({ partId }: { partId: string }) {
  const part = usePart(partId);
  const { user } = useSession();
  usePageTitle(part.data?.productName ?? 'Purchase');

  if (part.isPending) return <FullScreenSpinner label="Loading the part" />;
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

  return (
    <PageSection>
      <VerifyEmailNotice />
      <Grid container spacing={{ xs: 3, md: 4 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartDetails part={part.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PurchaseForm
            part={part.data}
            buyer={{ displayName: user?.displayName ?? null, email: user?.email ?? null }}
          />
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
