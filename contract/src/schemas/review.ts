/** A review's yup schemas, for the API and the review forms; its limits are in reviews/review-rules.ts. */
import * as yup from 'yup';
import { IMAGE_URL_MAX, PRODUCT_NAME_MAX } from '../parts/part-rules.js';
import { RATING_MAX, RATING_MIN, REMOVAL_REASON_MAX, REVIEW_MAX } from '../reviews/review-rules.js';
import { plainNumberTest } from './part.js';

const RATING_RANGE_MESSAGE = `Pick a rating from ${RATING_MIN} to ${RATING_MAX} stars`;

const reviewText = () =>
  yup
    .string()
    .trim()
    .required('Review is required')
    .max(REVIEW_MAX, `Review must be at most ${REVIEW_MAX} characters`);

const starRating = () =>
  yup
    .number()
    .typeError('Rating must be a number')
    .required('Pick a rating')
    .test(plainNumberTest('Rating', RATING_RANGE_MESSAGE))
    .integer('Rating must be a whole number of stars')
    .min(RATING_MIN, RATING_RANGE_MESSAGE)
    .max(RATING_MAX, RATING_RANGE_MESSAGE);

/**
 * A review names its part by `partId`; the original API's payload (`productName` and `img`) still
 * works, the part being looked up by its name. The image always comes from the catalogue.
 */
export const reviewSchema = yup.object({
  partId: yup.string().trim().max(128).default(''),
  productName: yup
    .string()
    .trim()
    .default('')
    .max(PRODUCT_NAME_MAX, `Product name must be at most ${PRODUCT_NAME_MAX} characters`)
    .when('partId', {
      is: (partId: string | undefined) => !partId,
      then: (schema) => schema.required('Product name is required'),
    }),
  img: yup.string().trim().default('').max(IMAGE_URL_MAX),
  review: reviewText(),
  rating: starRating(),
});
export type ReviewInput = yup.InferType<typeof reviewSchema>;

/** PATCH /reviews/{id}: the author changes the text, the rating or both. */
export const reviewEditSchema = yup
  .object({
    review: reviewText().optional(),
    rating: starRating().optional(),
  })
  .test('some-field', 'Change the review or the rating', (edit) =>
    Object.values(edit).some((value) => value !== undefined),
  );
export type ReviewEdit = yup.InferType<typeof reviewEditSchema>;

/**
 * DELETE /reviews/{id} by an admin who did not write the review (moderation): why it goes. The
 * reason is kept with a copy of the review; an author deleting their own review sends no body.
 */
export const reviewRemovalSchema = yup.object({
  reason: yup
    .string()
    .trim()
    .required('Say why the review is removed')
    .max(REMOVAL_REASON_MAX, `The reason must be at most ${REMOVAL_REASON_MAX} characters`),
});
export type ReviewRemoval = yup.InferType<typeof reviewRemovalSchema>;
