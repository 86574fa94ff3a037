import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RATING_MAX, type CataloguePart } from '@sprocket/contract';

const reviewsText = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/** The sizes and colours of MUI's Rating, which this replaces where nothing is picked. */
const STAR_SIZE = { small: '1.125rem', medium: '1.5rem' } as const;
const FILLED = '#faaf00';

const starRow = Array.from({ length: RATING_MAX }, (_, index) => (
  <StarIcon key={index} fontSize="inherit" sx={{ flexShrink: 0 }} />
));

/**
 * An average in stars, filled to a tenth of a star: a row of grey stars under a row of gold ones
 * cut at the average. Ten icons where MUI's Rating at a precision of 0.1 draws over fifty, on
 * every card of the catalogue (and in every page the server renders, docs/decisions/040).
 */
function Stars({ value, size }: { value: number; size: 'small' | 'medium' }) {
  return (
    <Box
      component="span"
      sx={{
        position: 'relative',
        display: 'inline-flex',
        fontSize: STAR_SIZE[size],
        color: 'action.disabled',
      }}
    >
      {starRow}
      <Box
        component="span"
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'inline-flex',
          overflow: 'hidden',
          color: FILLED,
        }}
        style={{ width: `${(Math.min(Math.max(value, 0), RATING_MAX) / RATING_MAX) * 100}%` }}
      >
        {starRow}
      </Box>
    </Box>
  );
}

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
