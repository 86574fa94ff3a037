import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RATING_MAX, type CatalogueReview } from '@sprocket/contract';
import { lazy, Suspense, useState } from 'react';
import { VerifiedIcon } from '../../../components/icons/verified.js';
import { ConfirmDialog, useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { formatDay } from '../../../lib/format-time.js';
import { useRemoveReview } from '../api/change-review.js';
import { usePartReviews } from '../api/get-part-reviews.js';
import { useOwnReviewIds } from '../hooks/use-own-review-ids.js';
import { QueryError } from '../../../components/feedback/query-error.js';

/**
 * The edit and remove dialogs, with formik and the review schemas (yup), load when a reader opens
 * one rather than with the product page (docs/decisions/032).
 */
const EditReviewDialog = lazy(async () => ({
  default: (await import('./review-change-dialogs.js')).EditReviewDialog,
}));
const RemoveReviewDialog = lazy(async () => ({
  default: (await import('./review-change-dialogs.js')).RemoveReviewDialog,
}));

/** Who is reading: their email when signed in, and whether the server says they are an admin. */
export interface ReviewViewer {
  email: string | null;
  isAdmin: boolean;
}

function PartReview({
  review,
  own,
  canModerate,
  onEdit,
  onDelete,
  onRemove,
}: {
  review: CatalogueReview;
  own: boolean;
  canModerate: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onRemove: () => void;
}) {
  const rating = Math.round(review.rating);
  return (
    <Card component="article" data-testid="part-review" aria-label={`Review by ${review.name}`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {review.name}
          </Typography>
          {review.verifiedPurchase && (
            <Chip
              icon={<VerifiedIcon />}
              label="Verified purchase"
              color="success"
              size="small"
              variant="outlined"
            />
          )}
          {own && <Chip label="Your review" size="small" />}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Rating
            value={rating}
            max={RATING_MAX}
            readOnly
            size="small"
            aria-label={`${rating} out of ${RATING_MAX} stars`}
          />
          <Typography variant="body2" color="textSecondary">
            <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
            {review.editedAt && ' · edited'}
          </Typography>
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.review}
        </Typography>
        {(own || canModerate) && (
          <Stack direction="row" spacing={1} sx={{ pt: 0.5 }}>
            {own ? (
              <>
                <Button size="small" variant="outlined" onClick={onEdit}>
                  Edit
                </Button>
                <Button size="small" color="error" onClick={onDelete}>
                  Delete
                </Button>
              </>
            ) : (
              <Button size="small" color="error" variant="outlined" onClick={onRemove}>
                Remove
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A part's reviews on its product page, newest first, with the "Verified purchase" badge. The
 * signed-in author edits or deletes their own; an admin removes anyone's, with a reason.
 */
export function PartReviews({ partId, viewer }: { partId: string; viewer: ReviewViewer }) {
  const reviews = usePartReviews(partId);
  const ownIds = useOwnReviewIds(reviews.data, viewer.email);
  const [editing, setEditing] = useState<CatalogueReview | null>(null);
  const [removing, setRemoving] = useState<CatalogueReview | null>(null);
  const deleting = useConfirmTarget<CatalogueReview>();
  const remove = useRemoveReview();

  return (
    <section aria-labelledby="part-reviews-heading">
      <Typography id="part-reviews-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        Reviews{reviews.data && reviews.data.length > 0 ? ` (${reviews.data.length})` : ''}
      </Typography>
      {reviews.isPending ? (
        <Stack spacing={2} aria-hidden="true">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : reviews.isError ? (
        <QueryError query={reviews} />
      ) : reviews.data.length === 0 ? (
        <Typography color="textSecondary">No reviews yet.</Typography>
      ) : (
        <Stack spacing={2}>
          {reviews.data.map((review) => (
            <PartReview
              key={review._id}
              review={review}
              own={ownIds.has(review._id)}
              canModerate={viewer.isAdmin}
              onEdit={() => setEditing(review)}
              onDelete={() => deleting.ask(review)}
              onRemove={() => setRemoving(review)}
            />
          ))}
        </Stack>
      )}
      <Suspense>
        {editing && <EditReviewDialog review={editing} onClose={() => setEditing(null)} />}
        {removing && <RemoveReviewDialog review={removing} onClose={() => setRemoving(null)} />}
      </Suspense>
      <ConfirmDialog
        open={deleting.open}
        title="Delete your review?"
        confirmLabel="Delete review"
        busy={remove.isPending}
        onClose={deleting.close}
        onConfirm={() => {
          if (!deleting.target) return;
          remove.mutate({ id: deleting.target._id }, { onSuccess: deleting.close });
        }}
      >
        Your review of {deleting.target?.productName} will be gone for good.
      </ConfirmDialog>
    </section>
  );
}
