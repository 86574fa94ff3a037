import { useMemo } from 'react';
import { PageSection } from '../../components/layout/page-section.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { useReviews } from '../../features/reviews/api/get-reviews.js';
import { ReviewsGrid } from '../../features/reviews/components/reviews-grid.js';

export default function ReviewsRoute() {
  usePageTitle('All Reviews');
  const reviews = useReviews();
  // docs/product.md §2.6: in reverse order of the list received, i.e. newest first.
  const newestFirst = useMemo(() => reviews.data?.toReversed(), [reviews.data]);
  return (
    <PageSection maxWidth="xl">
      <ReviewsGrid
        reviews={newestFirst}
        isLoading={reviews.isPending}
        failed={reviews.isError ? reviews : null}
        title="All Reviews"
        layout={{ fourWide: true }}
        headingLevel="h1"
      />
    </PageSection>
  );
}
