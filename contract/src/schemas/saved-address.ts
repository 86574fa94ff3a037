/** The profile's address book entry, which the checkout prefills from. */
import type * as yup from 'yup';
import { purchaseSchema } from './order.js';
import { personNameField } from './fields.js';
import { countryField, regionField } from './checkout-pricing.js';

/** PUT /profiles/me/address: a name, and the same address and phone rules as an order's. */
export const savedAddressSchema = purchaseSchema()
  .pick(['address', 'number'])
  .shape({
    name: personNameField('Name').required('Name is required'),
    country: countryField().optional(),
    region: regionField().optional(),
  });
export type SavedAddressInput = yup.InferType<typeof savedAddressSchema>;
