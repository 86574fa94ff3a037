/** The profile's address book entry, which the checkout prefills from. */
import * as yup from 'yup';
import { purchaseSchema } from './order.js';
import { nameHasLink, PERSON_NAME_LINK_MESSAGE } from '../users/person-name.js';
import { atMost, NAME_MAX } from './text-limits.js';

/** PUT /profiles/me/address: a name, and the same address and phone rules as an order's. */
export const savedAddressSchema = purchaseSchema()
  .pick(['address', 'number'])
  .shape({
    name: yup
      .string()
      .trim()
      .required('Name is required')
      .max(NAME_MAX, atMost('Name', NAME_MAX))
      .test('no-link', PERSON_NAME_LINK_MESSAGE, (value) => !value || !nameHasLink(value)),
  });
export type SavedAddressInput = yup.InferType<typeof savedAddressSchema>;
