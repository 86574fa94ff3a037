import * as yup from 'yup';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_MAX = 1000;

export const reviewSchema = yup.object({
  productName: yup.string().trim().required('Product name is required'),
  img: yup.string().trim().required('Image is required'),
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
