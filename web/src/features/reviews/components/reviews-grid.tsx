import type { GridProps } from '@mui/material/Grid';
import type { Review } from '@sprocket/contract';
import { CardGrid } from '../../../components/data/card-grid.js';
import { ReviewCard, ReviewCardSkeleton } from './review-card.js';

/**
 * `title` over review cards; while loading, "Reviews are loading" over six skeletons
 * (docs/product.md §2.3).
 */
export function ReviewsGrid({
  reviews,
  isLoading,
  title,
  columns,
  headingLevel,
}: {
  reviews: Review[] | undefined;
  isLoading: boolean;
  title: string;
  columns: GridProps['size'];
  headingLevel?: 'h1' | 'h2';
}) {
  return (
    <CardGrid
      items={reviews}
      isLoading={isLoading}
      title={title}
      loadingTitle="Reviews are loading"
      headingLevel={headingLevel}
      columns={columns}
      spacing={{ xs: 2.5, md: 3 }}
      itemKey={(review) => review._id}
      renderItem={(review) => <ReviewCard review={review} />}
      placeholder={<ReviewCardSkeleton />}
      empty="No reviews yet."
    />
  );
}
