/** The admin's changes of an order's state that take a body (docs/product.md §4.1). */
import * as yup from 'yup';
import { requiredTextField } from './fields.js';

export const CARRIER_MAX = 60;

/** The carriers Ship offers to pick; any other can be typed (the API takes any name). */
export const CARRIERS = [
  'DHL',
  'DPD',
  'FedEx',
  'GLS',
  'La Poste',
  'PostNL',
  'Royal Mail',
  'UPS',
  'USPS',
] as const;
export const TRACKING_NUMBER_MAX = 60;

/** POST /ordered/{id}/ship: who carries the parcel and its tracking number. */
export const shipOrderSchema = yup.object({
  carrier: requiredTextField('Carrier', CARRIER_MAX),
  trackingNumber: requiredTextField('Tracking number', TRACKING_NUMBER_MAX).matches(
    /^[A-Za-z0-9 -]+$/,
    'Tracking number takes letters, digits, spaces and dashes',
  ),
});
export type ShipOrderInput = yup.InferType<typeof shipOrderSchema>;

/** POST /ordered/{id}/refund: whether the lines' stock goes back on the shelf. */
export const refundOrderSchema = yup.object({
  restock: yup
    .boolean()
    .typeError('Restock must be true or false')
    .required('Say whether the stock goes back on the shelf'),
});
export type RefundOrderInput = yup.InferType<typeof refundOrderSchema>;
