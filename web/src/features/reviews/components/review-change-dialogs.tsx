import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import {
  RATING_MAX,
  reviewEditSchema,
  reviewRemovalSchema,
  reviewSchema,
  type CatalogueReview,
  type ReviewRemoval,
} from '@sprocket/contract';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useEditReview, useRemoveReview } from '../api/change-review.js';

/** The edit form asks what the review form asks: both fields, each by its rule. */
const editFormSchema = reviewSchema.pick(['rating', 'review']);

/** A dialog about one review, closed by its Cancel or once the change is made. */
interface ReviewDialogProps {
  review: CatalogueReview;
  onClose: () => void;
}

/** The author changes the stars or the words of their review, by the review form's rules. */
export function EditReviewDialog({ review, onClose }: ReviewDialogProps) {
  const edit = useEditReview();
  const asWritten = { rating: review.rating, review: review.review };
  return (
    <FormDialog
      title={`Edit your review of ${review.productName}`}
      formLabel="Edit review"
      submitLabel="Save review"
      save={(values) => edit.mutateAsync({ id: review._id, edit: reviewEditSchema.cast(values) })}
      savedMessage="Review Updated"
      schema={editFormSchema}
      initialValues={asWritten}
      onClose={onClose}
    >
      {(formik) => (
        <>
          <FormControl
            component="fieldset"
            error={Boolean(formik.errors.rating)}
            sx={{ border: 0, m: 0, p: 0 }}
          >
            <FormLabel component="legend" sx={{ mb: 0.5 }}>
              Rating
            </FormLabel>
            <Rating
              name="edit-rating"
              value={formik.values.rating}
              max={RATING_MAX}
              size="large"
              onChange={(_event, value) => {
                // Clicking the chosen star again keeps it: a review always has a rating.
                if (value !== null) void formik.setFieldValue('rating', value);
              }}
            />
            {formik.errors.rating && (
              <FormHelperText sx={{ mx: 0 }}>{formik.errors.rating}</FormHelperText>
            )}
          </FormControl>
          <FormTextField name="review" label="Your review" required multiline minRows={4} />
        </>
      )}
    </FormDialog>
  );
}

const NO_REASON_TYPED: ReviewRemoval = { reason: '' };

/** An admin removes someone's review (moderation); the reason is required and kept. */
export function RemoveReviewDialog({ review, onClose }: ReviewDialogProps) {
  const remove = useRemoveReview();
  return (
    <FormDialog<ReviewRemoval>
      title={`Remove ${review.name}'s review`}
      formLabel="Remove review"
      submitLabel="Remove review"
      save={(values) =>
        remove.mutateAsync({ id: review._id, removal: reviewRemovalSchema.cast(values) })
      }
      savedMessage={`Removed ${review.name}'s review`}
      schema={reviewRemovalSchema}
      initialValues={NO_REASON_TYPED}
      onClose={onClose}
      spacing={2}
    >
      <Typography variant="body2" color="textSecondary">
        “{review.review}”
      </Typography>
      <FormTextField
        name="reason"
        label="Reason for removal"
        required
        multiline
        minRows={2}
        helperText="Kept with a copy of the review; the shopper does not see it."
      />
    </FormDialog>
  );
}
