import { useMemo } from 'react';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { QueryError } from '../../../components/feedback/query-error.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { AddReviewsGrid } from '../../../features/add-reviews/components/add-reviews-grid.js';
import { useParts } from '../../../features/parts/api/get-parts.js';
import { useReviews } from '../../../features/reviews/api/get-reviews.js';
import { useOwnReviewIds } from '../../../features/reviews/hooks/use-own-review-ids.js';
import { useSession } from '../../../lib/auth.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function AddReviewsRoute() {
  usePageTitle('Add Reviews');
  const { user } = useSession();
  const parts = useParts();
  // The parts the reader reviewed already (docs/decisions/024: their reviews' ids are theirs).
  const reviews = useReviews();
  const ownReviewIds = useOwnReviewIds(reviews.data, user?.email);
  const reviewedPartIds = useMemo(
    () =>
      new Set(
        (reviews.data ?? [])
          .filter((review) => ownReviewIds.has(review._id))
          .map((review) => review.partId),
      ),
    [reviews.data, ownReviewIds],
  );
  return (
    <>
      <DashboardHeading title="Add Reviews">
        Tell other riders how a part you bought worked for you: one review per part.
      </DashboardHeading>
      {parts.isPending ? (
        <FullScreenSpinner label="Loading the parts" />
      ) : parts.isError ? (
        <QueryError query={parts} />
      ) : (
        user?.email && (
          <AddReviewsGrid
            parts={parts.data}
            reviewer={{ name: user.displayName ?? '', email: user.email }}
            reviewedPartIds={reviewedPartIds}
          />
        )
      )}
    </>
  );
}
