import Alert from '@mui/material/Alert';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { AddReviewsGrid } from '../../../features/add-reviews/components/add-reviews-grid.js';
import { useParts } from '../../../features/parts/api/get-parts.js';
import { useSession } from '../../../lib/auth.js';
import { errorMessage } from '../../../lib/query-client.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function AddReviewsRoute() {
  usePageTitle('Add Reviews');
  const { user } = useSession();
  const parts = useParts();
  return (
    <>
      <DashboardHeading title="Add Reviews">
        Tell other riders how a part worked for you: one review per part.
      </DashboardHeading>
      {parts.isPending ? (
        <FullScreenSpinner label="Loading the parts" />
      ) : parts.isError ? (
        <Alert severity="error">{errorMessage(parts.error)}</Alert>
      ) : (
        user?.email && (
          <AddReviewsGrid
            parts={parts.data}
            reviewer={{ name: user.displayName ?? '', email: user.email }}
          />
        )
      )}
    </>
  );
}
