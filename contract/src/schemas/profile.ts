import * as yup from 'yup';
import { ADDRESS_MAX, PHONE_MAX } from './order.js';
import { atMost, NAME_MAX, URL_MAX } from './text-limits.js';

/** "10.00": the top of a ten-point scale, the longest CGPA there is. */
export const CGPA_MAX = 5;

const CONTACT_NUMBER_MESSAGE = 'Contact number must be 6 to 15 digits';

export const profileSchema = yup.object({
  displayName: yup.string().trim().max(NAME_MAX, atMost('Name', NAME_MAX)).default(''),
  photoURL: yup
    .string()
    .trim()
    .default('')
    .max(URL_MAX, atMost('Image URL', URL_MAX))
    .test(
      'url',
      'Image URL must be a web address',
      (value) => !value || /^https?:\/\/\S+$/.test(value),
    ),
  degree: yup
    .string()
    .trim()
    .required('Degree is required')
    .max(NAME_MAX, atMost('Degree', NAME_MAX)),
  cgpa: yup
    .string()
    .trim()
    .required('CGPA is required')
    .max(CGPA_MAX, atMost('CGPA', CGPA_MAX))
    .matches(/^\d+(\.\d{1,2})?$/, 'CGPA must be a number like 3.75'),
  address: yup
    .string()
    .trim()
    .required('Address is required')
    .max(ADDRESS_MAX, atMost('Address', ADDRESS_MAX)),
  number: yup
    .string()
    .trim()
    .required('Contact number is required')
    .max(PHONE_MAX, CONTACT_NUMBER_MESSAGE)
    .matches(/^[0-9]{6,15}$/, CONTACT_NUMBER_MESSAGE),
  linkedin: yup
    .string()
    .trim()
    .required('LinkedIn link is required')
    .max(URL_MAX, atMost('LinkedIn link', URL_MAX))
    .matches(/^https?:\/\/\S+$/, 'LinkedIn link must be a web address'),
});
export type ProfileInput = yup.InferType<typeof profileSchema>;
