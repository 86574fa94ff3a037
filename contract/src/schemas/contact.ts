import * as yup from 'yup';
import { personNameField, requiredEmailField } from './fields.js';
import { atMost } from './text-limits.js';

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

export const contactSchema = yup.object({
  name: personNameField('Name').required('Name is required'),
  email: requiredEmailField(),
  subject: yup.string().trim().default('').max(SUBJECT_MAX, atMost('Subject', SUBJECT_MAX)),
  message: yup
    .string()
    .trim()
    .required('Message is required')
    .max(MESSAGE_MAX, atMost('Message', MESSAGE_MAX)),
});
export type ContactInput = yup.InferType<typeof contactSchema>;

/** PATCH /contact-messages/{id}: an admin marks a message handled, or not handled again. */
export const contactHandledSchema = yup.object({
  handled: yup.boolean().typeError('Handled must be true or false').required('Handled is required'),
});
export type ContactHandledInput = yup.InferType<typeof contactHandledSchema>;
