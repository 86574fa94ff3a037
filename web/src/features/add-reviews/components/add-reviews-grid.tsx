import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Part } from '@sprocket/contract';
import { useState } from 'react';
import { CheckCircleOutlineOutlinedIcon } from '../../../components/icons/check-circle-outline-outlined.js';
import { RateReviewOutlinedIcon } from '../../../components/icons/rate-review-outlined.js';
import { formatPrice } from '../../../lib/money.js';
import { ReviewDialog, type Reviewer } from './review-dialog.js';
import { PartImage } from '../../../components/data/part-image.js';

function ReviewablePartCard({
  part,
  reviewed,
  onReview,
}: {
  part: Part;
  reviewed: boolean;
  onReview: () => void;
}) {
  return (
    <Card
      component="article"
      data-testid="review-part-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <PartImage
        src={part.img}
        alt={part.productName}
        loading="lazy"
        sx={{ width: '100%', aspectRatio: '16 / 10' }}
      />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {part.productName}
        </Typography>
        {reviewed && (
          <Chip
            icon={<CheckCircleOutlineOutlinedIcon />}
            label="Reviewed"
            color="success"
            size="small"
            sx={{ alignSelf: 'flex-start' }}
          />
        )}
        <Typography variant="subtitle1" component="p" sx={{ color: 'primary.main' }}>
          Price per unit: {formatPrice(part.price)}
        </Typography>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, color: 'text.secondary' }}
        >
          <Typography variant="body2">Min Order: {part.order}</Typography>
          <Typography variant="body2">Available: {part.quantity}</Typography>
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {part.description}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
        <Button
          fullWidth
          variant="outlined"
          startIcon={<RateReviewOutlinedIcon />}
          onClick={onReview}
          // One review per part (docs/product.md §2.12): refused here before it is written.
          disabled={reviewed}
          aria-label={`Add Review: ${part.productName}`}
        >
          Add Review
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * Add Reviews (docs/product.md §2.12): every part as a card whose Add Review opens the modal; the
 * parts in `reviewedPartIds`, which the reader reviewed already, are marked "Reviewed" instead.
 */
export function AddReviewsGrid({
  parts,
  reviewer,
  reviewedPartIds,
}: {
  parts: Part[];
  reviewer: Reviewer;
  reviewedPartIds: ReadonlySet<string>;
}) {
  const [reviewing, setReviewing] = useState<Part | null>(null);
  return (
    <>
      <Grid container spacing={{ xs: 2, md: 3 }}>
        {parts.map((part) => (
          <Grid key={part._id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <ReviewablePartCard
              part={part}
              reviewed={reviewedPartIds.has(part._id)}
              onReview={() => setReviewing(part)}
            />
          </Grid>
        ))}
      </Grid>
      {reviewing && (
        <ReviewDialog part={reviewing} reviewer={reviewer} onClose={() => setReviewing(null)} />
      )}
    </>
  );
}
