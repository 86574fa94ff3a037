import * as yup from 'yup';
import {
  optionalTextField,
  personNameField,
  requiredEmailField,
  requiredTextField,
} from './fields.js';

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

export const contactSchema = yup.object({
  name: personNameField('Name').required('Name is required'),
  email: requiredEmailField(),
  subject: optionalTextField('Subject', SUBJECT_MAX),
  message: requiredTextField('Message', MESSAGE_MAX),
});
export type ContactInput = yup.InferType<typeof contactSchema>;

/** PATCH /contact-messages/{id}: an admin marks a message handled, or not handled again. */
export const contactHandledSchema = yup.object({
  handled: yup.boolean().typeError('Handled must be true or false').required('Handled is required'),
});
export type ContactHandledInput = yup.InferType<typeof contactHandledSchema>;
