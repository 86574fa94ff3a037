import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Review } from '@sprocket/contract';
import { ReviewCard, ReviewCardSkeleton } from './review-card.js';

const PLACEHOLDERS = 6;

type GridSize = { xs: number; sm?: number; md?: number; lg?: number };

/** A heading over review cards; while loading, the loading heading over six skeleton cards. */
export function ReviewsGrid({
  reviews,
  isLoading,
  title,
  loadingTitle,
  columns,
  headingLevel = 'h2',
}: {
  reviews: Review[] | undefined;
  isLoading: boolean;
  title: string;
  loadingTitle: string;
  columns: GridSize;
  headingLevel?: 'h1' | 'h2';
}) {
  return (
    <section aria-busy={isLoading}>
      <Typography
        variant="h3"
        component={headingLevel}
        sx={{ textAlign: 'center', mb: { xs: 3, md: 5 } }}
      >
        {isLoading ? loadingTitle : title}
      </Typography>
      <Grid container spacing={{ xs: 2.5, md: 3 }}>
        {isLoading
          ? Array.from({ length: PLACEHOLDERS }, (_, index) => (
              <Grid key={index} size={columns}>
                <ReviewCardSkeleton />
              </Grid>
            ))
          : reviews?.map((review) => (
              <Grid key={review._id} size={columns}>
                <ReviewCard review={review} />
              </Grid>
            ))}
      </Grid>
      {!isLoading && reviews?.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          No reviews yet.
        </Typography>
      )}
    </section>
  );
}
