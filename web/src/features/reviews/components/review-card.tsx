import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { RATING_MAX, type Review } from '@sprocket/contract';
import { PartImage } from '../../../components/data/part-image.js';
import { Stars } from '../../../components/data/stars.js';

/**
 * A public review: signed with the reviewer's name, which the API always sets (never an email).
 * `headingLevel`: its part's name is a heading one level under the list's title. Its look is
 * static CSS (REVIEW_CARD_CSS, docs/decisions/116).
 */
export function ReviewCard({
  review,
  headingLevel = 'h3',
}: {
  review: Review;
  headingLevel?: 'h2' | 'h3';
}) {
  const rating = Math.round(review.rating);
  const Heading = headingLevel;
  return (
    <article data-testid="review-card" className="review-card">
      <div className="review-card-content">
        <div className="review-card-part">
          <PartImage src={review.img} alt="" className="review-card-image" />
          <div className="review-card-title">
            <Heading className="review-card-name">{review.productName}</Heading>
            <div
              role="img"
              aria-label={`${rating} out of ${RATING_MAX} stars`}
              className="review-card-stars"
            >
              <Stars value={rating} />
            </div>
          </div>
        </div>
        <div className="review-card-words">
          {/* Material Icons' format_quote (Apache-2.0). */}
          <svg
            className="review-card-quote"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M6 17h3l2-4V7H5v6h3zm8 0h3l2-4V7h-6v6h3z" />
          </svg>
          <p className="review-card-text">{review.review}</p>
        </div>
        <p className="review-card-text review-card-signature">— {review.name}</p>
      </div>
    </article>
  );
}

export function ReviewCardSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="review-skeleton" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Skeleton variant="rounded" width={56} height={56} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" sx={{ width: '70%' }} />
            <Skeleton variant="text" sx={{ width: '40%' }} />
          </Box>
        </Stack>
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" sx={{ width: '50%' }} />
      </CardContent>
    </Card>
  );
}
