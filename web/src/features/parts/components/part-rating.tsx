import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RATING_MAX, type CataloguePart } from '@sprocket/contract';
import { Stars } from '../../../components/data/stars.js';

const reviewsText = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/** The part's average rating in stars with the number of reviews, or "No reviews yet". */
export function PartRating({
  part,
  size = 'small',
}: {
  part: Pick<CataloguePart, 'averageRating' | 'reviewCount'>;
  size?: 'small' | 'medium';
}) {
  if (part.averageRating === null || part.reviewCount === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="part-rating">
        No reviews yet
      </Typography>
    );
  const text = `${part.averageRating.toFixed(1)} out of ${RATING_MAX} stars, ${reviewsText(part.reviewCount)}`;
  return (
    <Stack
      direction="row"
      spacing={0.75}
      data-testid="part-rating"
      role="img"
      aria-label={text}
      sx={{ alignItems: 'center' }}
    >
      <Stars value={part.averageRating} size={size} />
      <Typography variant="body2" color="text.secondary" aria-hidden="true">
        {part.averageRating.toFixed(1)} ({reviewsText(part.reviewCount)})
      </Typography>
    </Stack>
  );
}
