import * as yup from 'yup';
import { ADDRESS_MAX } from './order.js';
import { PHONE_DIGITS_PATTERN, PHONE_MAX, PHONE_MIN, WEB_ADDRESS_PATTERN } from './patterns.js';
import { optionalTextField, personNameField, requiredTextField } from './fields.js';
import { NAME_MAX, URL_MAX } from './text-limits.js';

/** "10.00": the top of a ten-point scale, the longest CGPA there is. */
export const CGPA_MAX = 5;

const CONTACT_NUMBER_MESSAGE = `Contact number must be ${PHONE_MIN} to ${PHONE_MAX} digits`;

export const profileSchema = yup.object({
  displayName: personNameField('Name').default(''),
  photoURL: optionalTextField('Image URL', URL_MAX).test(
    'url',
    'Image URL must be a web address',
    (value) => !value || WEB_ADDRESS_PATTERN.test(value),
  ),
  degree: requiredTextField('Degree', NAME_MAX),
  cgpa: requiredTextField('CGPA', CGPA_MAX).matches(
    /^\d+(\.\d{1,2})?$/,
    'CGPA must be a number like 3.75',
  ),
  address: requiredTextField('Address', ADDRESS_MAX),
  number: yup
    .string()
    .trim()
    .required('Contact number is required')
    .min(PHONE_MIN, CONTACT_NUMBER_MESSAGE)
    .max(PHONE_MAX, CONTACT_NUMBER_MESSAGE)
    .matches(PHONE_DIGITS_PATTERN, CONTACT_NUMBER_MESSAGE),
  linkedin: requiredTextField('LinkedIn link', URL_MAX).matches(
    WEB_ADDRESS_PATTERN,
    'LinkedIn link must be a web address',
  ),
});
export type ProfileInput = yup.InferType<typeof profileSchema>;
