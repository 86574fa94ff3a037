import * as yup from 'yup';

export const contactSchema = yup.object({
  name: yup.string().trim().required('Name is required'),
  email: yup.string().trim().required('Email is required').email('Email is not valid'),
  subject: yup.string().trim().default(''),
  message: yup.string().trim().required('Message is required'),
});
export type ContactInput = yup.InferType<typeof contactSchema>;
