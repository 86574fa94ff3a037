/** Fields more than one schema takes, each written once (docs/conventions.md §5). */
import * as yup from 'yup';
import { nameHasLink, PERSON_NAME_LINK_MESSAGE } from '../users/person-name.js';
import { atMost, EMAIL_MAX, NAME_MAX } from './text-limits.js';

/** A required text of at most `max` characters ("Carrier is required"). */
export const requiredTextField = (label: string, max: number) =>
  yup.string().trim().required(`${label} is required`).max(max, atMost(label, max));

/** An optional text of at most `max` characters, '' when absent. */
export const optionalTextField = (label: string, max: number) =>
  yup.string().trim().default('').max(max, atMost(label, max));

/** A required email address, at most EMAIL_MAX characters. */
export const requiredEmailField = () =>
  yup
    .string()
    .trim()
    .required('Email is required')
    .max(EMAIL_MAX, atMost('Email', EMAIL_MAX))
    .email('Email is not valid');

/** A person's name as the shop shows it to others: at most NAME_MAX characters, no links. */
export const personNameField = (label: string) =>
  yup
    .string()
    .trim()
    .max(NAME_MAX, atMost(label, NAME_MAX))
    .test('no-link', PERSON_NAME_LINK_MESSAGE, (value) => !value || !nameHasLink(value));
