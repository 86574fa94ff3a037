/**
 * A guest's checkout (issue 25 item 7): the checkout's body with the email the order belongs to and
 * its private link is mailed to, and the name to deliver to. The address goes into a mail to an
 * address nobody has verified, so like a name (decision 046) it may not carry a link.
 */
import * as yup from 'yup';
import { nameHasLink } from '../users/person-name.js';
import { checkoutSchema } from './cart.js';
import { personNameField, requiredEmailField } from './fields.js';
import { ADDRESS_MAX, INVALID_INPUT } from './order.js';

export const ADDRESS_LINK_MESSAGE = 'An address cannot contain a web or email address';

/** The guest's own fields, which the checkout page asks a visitor who does not sign in. */
export const guestContactSchema = yup.object({
  email: requiredEmailField(),
  name: personNameField('Your name').required('Your name is required'),
});
export type GuestContactInput = yup.InferType<typeof guestContactSchema>;

/** POST /checkout without a token: the checkout's body, an email and (optionally) a name. */
export const guestCheckoutSchema = checkoutSchema.shape({
  email: requiredEmailField(),
  name: personNameField('Name').optional(),
  address: yup
    .string()
    .trim()
    .required(INVALID_INPUT)
    .max(ADDRESS_MAX, INVALID_INPUT)
    .test('no-link', ADDRESS_LINK_MESSAGE, (value) => !value || !nameHasLink(value)),
});
export type GuestCheckoutInput = yup.InferType<typeof guestCheckoutSchema>;

/** The longest order-link token read. */
const ORDER_TOKEN_MAX = 2048;

/**
 * POST /ordered/{id}/claim, signed in: the order's private link token, which proves the caller
 * holds the link as well as the address (docs/decisions/080).
 */
export const claimOrderSchema = yup.object({
  orderToken: yup
    .string()
    .trim()
    .required('Open the order with the link in its email first')
    // A link's token is a few hundred characters: anything far longer is no link of ours.
    .max(ORDER_TOKEN_MAX, 'This is not the link from the order’s email'),
});
export type ClaimOrderInput = yup.InferType<typeof claimOrderSchema>;
