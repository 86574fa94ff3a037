import type { Review } from '@sprocket/contract';
import { CardGrid } from '../../../components/data/card-grid.js';
import type { CardGridLayout } from '../../../components/data/card-grid-styles.js';
import type { RetryableQuery } from '../../../components/feedback/query-error.js';
import { ReviewCard, ReviewCardSkeleton } from './review-card.js';

/**
 * `title` over review cards; while loading, "Reviews are loading" over six skeletons
 * (docs/product.md §2.3).
 */
export function ReviewsGrid({
  reviews,
  isLoading,
  title,
  layout,
  headingLevel,
  failed,
}: {
  reviews: Review[] | undefined;
  isLoading: boolean;
  title: string;
  layout: CardGridLayout;
  headingLevel?: 'h1' | 'h2';
  /** The reviews' read when it failed (an error with Retry). */
  failed?: RetryableQuery | null;
}) {
  return (
    <CardGrid
      items={reviews}
      isLoading={isLoading}
      title={title}
      loadingTitle="Reviews are loading"
      headingLevel={headingLevel}
      layout={layout}
      itemKey={(review) => review._id}
      renderItem={(review) => (
        <ReviewCard review={review} headingLevel={headingLevel === 'h1' ? 'h2' : 'h3'} />
      )}
      placeholder={<ReviewCardSkeleton />}
      empty="No reviews yet."
      failed={failed}
    />
  );
}
