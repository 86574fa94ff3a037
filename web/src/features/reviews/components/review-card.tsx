import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RATING_MAX, type Review } from '@sprocket/contract';
import { FormatQuoteIcon } from '../../../components/icons/format-quote.js';
import { PartImage } from '../../../components/data/part-image.js';
import { Stars } from '../../../components/data/stars.js';

/**
 * A public review: signed with the reviewer's name, which the API always sets (never an email).
 * `headingLevel`: its part's name is a heading one level under the list's title.
 */
export function ReviewCard({
  review,
  headingLevel = 'h3',
}: {
  review: Review;
  headingLevel?: 'h2' | 'h3';
}) {
  const rating = Math.round(review.rating);
  return (
    <Card data-testid="review-card" component="article" sx={{ height: '100%' }}>
      <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <PartImage
            src={review.img}
            alt=""
            sx={{ width: 56, height: 56, borderRadius: 1, flexShrink: 0 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component={headingLevel} sx={{ lineHeight: 1.3 }}>
              {review.productName}
            </Typography>
            <Box
              role="img"
              aria-label={`${rating} out of ${RATING_MAX} stars`}
              sx={{ display: 'flex', py: 0.25 }}
            >
              <Stars value={rating} />
            </Box>
          </Box>
        </Stack>
        <Box sx={{ position: 'relative', flex: 1 }}>
          <FormatQuoteIcon
            aria-hidden="true"
            sx={{ color: 'secondary.light', opacity: 0.5, position: 'absolute', top: -6, left: -4 }}
          />
          <Typography variant="body2" sx={{ pl: 3, color: 'text.primary' }}>
            {review.review}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontWeight: 600, wordBreak: 'break-word' }}
        >
          — {review.name}
        </Typography>
      </CardContent>
    </Card>
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
