import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  RATING_MAX,
  reviewEditSchema,
  reviewRemovalSchema,
  reviewSchema,
  type CatalogueReview,
  type ReviewRemoval,
} from '@sprocket/contract';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { FormDialog, FormDialogActions } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useEditReview, useRemoveReview } from '../api/change-review.js';
import { initialErrorsOf } from '../../../lib/initial-errors.js';

const EDIT_FORM_ID = 'edit-review-form';
/** The edit form asks what the review form asks: both fields, each by its rule. */
const editFormSchema = reviewSchema.pick(['rating', 'review']);
const REMOVE_FORM_ID = 'remove-review-form';

/** The author changes the stars or the words of their review, by the review form's rules. */
export function EditReviewDialog({
  review,
  onClose,
}: {
  review: CatalogueReview;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const edit = useEditReview();
  const asWritten = { rating: review.rating, review: review.review };
  return (
    <FormDialog
      title={`Edit your review of ${review.productName}`}
      busy={edit.isPending}
      onClose={onClose}
    >
      <Formik
        initialValues={asWritten}
        validationSchema={editFormSchema}
        initialErrors={initialErrorsOf(editFormSchema, asWritten)}
        validateOnMount
        onSubmit={async (values) => {
          try {
            await edit.mutateAsync({ id: review._id, edit: reviewEditSchema.cast(values) });
          } catch {
            return; // the mutation cache shows the API's message
          }
          enqueueSnackbar('Review Updated', { variant: 'success' });
          onClose();
        }}
      >
        {(formik) => (
          <>
            <DialogContent dividers>
              <Stack
                component={Form}
                id={EDIT_FORM_ID}
                noValidate
                aria-label="Edit review"
                spacing={2.5}
              >
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
              </Stack>
            </DialogContent>
            <FormDialogActions formId={EDIT_FORM_ID} submitLabel="Save review" onCancel={onClose} />
          </>
        )}
      </Formik>
    </FormDialog>
  );
}

const NO_REASON_TYPED: ReviewRemoval = { reason: '' };

/** An admin removes someone's review (moderation); the reason is required and kept. */
export function RemoveReviewDialog({
  review,
  onClose,
}: {
  review: CatalogueReview;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const remove = useRemoveReview();
  return (
    <FormDialog title={`Remove ${review.name}'s review`} busy={remove.isPending} onClose={onClose}>
      <Formik<ReviewRemoval>
        initialValues={NO_REASON_TYPED}
        validationSchema={reviewRemovalSchema}
        initialErrors={initialErrorsOf(reviewRemovalSchema, NO_REASON_TYPED)}
        validateOnMount
        onSubmit={async (values) => {
          try {
            await remove.mutateAsync({ id: review._id, removal: reviewRemovalSchema.cast(values) });
          } catch {
            return;
          }
          enqueueSnackbar(`Removed ${review.name}'s review`, { variant: 'success' });
          onClose();
        }}
      >
        <>
          <DialogContent dividers>
            <Stack
              component={Form}
              id={REMOVE_FORM_ID}
              noValidate
              aria-label="Remove review"
              spacing={2}
            >
              <Typography variant="body2" color="text.secondary">
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
            </Stack>
          </DialogContent>
          <FormDialogActions
            formId={REMOVE_FORM_ID}
            submitLabel="Remove review"
            onCancel={onClose}
          />
        </>
      </Formik>
    </FormDialog>
  );
}
