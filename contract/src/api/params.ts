import * as yup from 'yup';
import { EMAIL_MAX } from '../schemas/text-limits.js';

/**
 * Path parameters and query strings, checked by the API with the same yup schemas as bodies.
 * Document ids are what both stores accept everywhere (Firestore forbids "/" and reserves "."
 * and "__x__"); an id that cannot exist names nothing, so the API answers 404 for it.
 */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

const email = () =>
  yup
    .string()
    .trim()
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .email('Email is not valid');

export const idParamsSchema = yup.object({
  id: yup
    .string()
    .required('Id is required')
    .max(128, 'Not a valid id')
    .matches(DOCUMENT_ID_PATTERN, 'Not a valid id'),
});

export const emailParamsSchema = yup.object({
  email: email().required('Email is required'),
});

/** GET /ordered: all orders (admins), or one customer's with `?email=`. */
export const ordersQuerySchema = yup.object({
  email: email().optional(),
});

/** GET /profiles?email=. */
export const profilesQuerySchema = yup.object({
  email: email().required('Add ?email= to say whose profile'),
});
