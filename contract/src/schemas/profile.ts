import * as yup from 'yup';

const optionalText = (max: number) => yup.string().trim().max(max).default('');

export const profileSchema = yup.object({
  displayName: optionalText(120),
  photoURL: yup
    .string()
    .trim()
    .default('')
    .test(
      'url',
      'Image URL must be a web address',
      (value) => !value || /^https?:\/\/\S+$/.test(value),
    ),
  degree: yup.string().trim().required('Degree is required').max(120),
  cgpa: yup
    .string()
    .trim()
    .required('CGPA is required')
    .matches(/^\d+(\.\d{1,2})?$/, 'CGPA must be a number like 3.75'),
  address: yup.string().trim().required('Address is required').max(300),
  number: yup
    .string()
    .trim()
    .required('Contact number is required')
    .matches(/^[0-9]{6,15}$/, 'Contact number must be 6 to 15 digits'),
  linkedin: yup
    .string()
    .trim()
    .required('LinkedIn link is required')
    .matches(/^https?:\/\/\S+$/, 'LinkedIn link must be a web address'),
});
export type ProfileInput = yup.InferType<typeof profileSchema>;
