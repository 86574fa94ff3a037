/**
 * Back in stock (issue 37 item 3, docs/decisions/100): `POST /parts/{id}/alerts { email?, sku? }`
 * asks for one mail when a sold-out part, or one size of it, is back; the confirm and unsubscribe
 * calls carry the signed token of a mailed link.
 */
import * as yup from 'yup';
import { skuField } from './part.js';
import { requiredEmailField } from './fields.js';
import { atMost, EMAIL_MAX } from './text-limits.js';

/** A link's token is a few hundred characters: anything far longer is no link of ours. */
const ALERT_TOKEN_MAX = 2048;

export const stockAlertSchema = yup.object({
  /** A guest's address; a signed-in customer's is the account's, and this is not read. */
  email: yup.string().trim().max(EMAIL_MAX, atMost('Email', EMAIL_MAX)).email('Email is not valid'),
  /** The size, for a part sold in sizes. */
  sku: skuField(),
});
export type StockAlertInput = yup.InferType<typeof stockAlertSchema>;

/** The form on the product page: a guest types an address. */
export const stockAlertFormSchema = yup.object({ email: requiredEmailField() });

/** POST /alerts/confirm and /alerts/unsubscribe: the token of the mailed link. */
export const stockAlertLinkSchema = yup.object({
  token: yup
    .string()
    .trim()
    .required('Open the link from the email')
    .max(ALERT_TOKEN_MAX, 'This is not the link from the email'),
});
export type StockAlertLinkInput = yup.InferType<typeof stockAlertLinkSchema>;
