import * as yup from 'yup';
import { IMAGE_URL_MAX, PRODUCT_NAME_MAX } from './part.js';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_MAX = 1000;

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
  review: yup
    .string()
    .trim()
    .required('Review is required')
    .max(REVIEW_MAX, `Review must be at most ${REVIEW_MAX} characters`),
  rating: yup
    .number()
    .typeError('Rating must be a number')
    .required('Pick a rating')
    .integer('Rating must be a whole number of stars')
    .min(RATING_MIN, 'Pick a rating from 1 to 5 stars')
    .max(RATING_MAX, 'Pick a rating from 1 to 5 stars'),
});
export type ReviewInput = yup.InferType<typeof reviewSchema>;
