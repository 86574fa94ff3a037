import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RATING_MAX, reviewSchema, type Part, type ReviewInput } from '@sprocket/contract';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useAddReview } from '../api/add-review.js';
import { PartThumbnail } from '../../../components/data/part-image.js';
import { errorMessage } from '../../../lib/query-client.js';

/**
 * The review schema's fields, with the rating 0 until a star is picked (docs/product.md §5.4), and
 * the reviewer's email, which the original shop's payload carried; the API takes it from the token.
 */
type ReviewFormValues = ReviewInput & { email: string };

export interface Reviewer {
  name: string;
  email: string;
}

const readOnly = { htmlInput: { readOnly: true } } as const;
const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * The review modal (docs/product.md §2.12, §5.4): name and email read-only, review text, 1–5 stars.
 */
export function ReviewDialog({
  part,
  reviewer,
  onClose,
}: {
  part: Pick<Part, '_id' | 'productName' | 'img'>;
  reviewer: Reviewer;
  onClose: () => void;
}) {
  const addReview = useAddReview();
  const initialValues: ReviewFormValues = {
    partId: part._id,
    productName: part.productName,
    img: part.img,
    email: reviewer.email,
    review: '',
    rating: 0,
  };

  return (
    <FormDialog<ReviewFormValues>
      title={`Review ${part.productName}`}
      formLabel="Review"
      submitLabel="Add Review"
      save={async (values, { setStatus }) => {
        setStatus(undefined);
        return (await addReview.mutateAsync(reviewSchema.cast(values))).acknowledged;
      }}
      savedMessage="Review Added"
      // The API's reason ("Verify your email…", "already reviewed"), the text kept.
      onRefused={(error, { setStatus }) => setStatus(errorMessage(error))}
      schema={reviewSchema}
      initialValues={initialValues}
      onClose={onClose}
    >
      {(formik) => {
        const ratingError = formik.touched.rating ? formik.errors.rating : undefined;
        return (
          <>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <PartThumbnail src={part.img} size={64} />
              <Typography variant="subtitle1" component="p">
                {part.productName}
              </Typography>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField id="review-name" label="Name" value={reviewer.name} slotProps={readOnly} />
              <TextField
                id="review-email"
                label="Email"
                type="email"
                value={reviewer.email}
                slotProps={readOnly}
              />
            </Stack>
            <FormControl
              component="fieldset"
              error={Boolean(ratingError)}
              required
              sx={{ border: 0, m: 0, p: 0 }}
            >
              <FormLabel component="legend" sx={{ mb: 0.5 }}>
                Rating
              </FormLabel>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Rating
                  name="rating"
                  value={formik.values.rating || null}
                  max={RATING_MAX}
                  size="large"
                  onChange={(_event, value) => {
                    void formik.setFieldTouched('rating', true, false);
                    void formik.setFieldValue('rating', value ?? 0);
                  }}
                />
                <Typography variant="body2" color="textSecondary" aria-hidden="true">
                  {STAR_WORDS[formik.values.rating] ?? ''}
                </Typography>
              </Stack>
              <FormHelperText sx={{ mx: 0 }}>{ratingError ?? 'Pick 1 to 5 stars'}</FormHelperText>
            </FormControl>
            <FormTextField
              name="review"
              label="Your review"
              required
              multiline
              minRows={4}
              placeholder="How did the part work for you?"
            />
            {typeof formik.status === 'string' && (
              <Alert severity="error" role="alert">
                {formik.status}
              </Alert>
            )}
          </>
        );
      }}
    </FormDialog>
  );
}
