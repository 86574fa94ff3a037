/** The profile's address book entry, which the checkout prefills from. */
import * as yup from 'yup';
import { purchaseSchema } from './order.js';
import { atMost, NAME_MAX } from './text-limits.js';

const { address, number } = purchaseSchema().fields;

/** PUT /profiles/me/address: the same address and phone rules as an order's. */
export const savedAddressSchema = yup.object({
  name: yup.string().trim().required('Name is required').max(NAME_MAX, atMost('Name', NAME_MAX)),
  address,
  number,
});
export type SavedAddressInput = yup.InferType<typeof savedAddressSchema>;
