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

/**
 * POST /ordered/{id}/refund: whether the refunded lines' stock goes back on the shelf, and what is
 * refunded: `amount` (cents), chosen `lines` (index and units), both, or neither for all that is
 * left (the original body, `{ restock }`). The order's own limits are the contract's planRefund.
 */
export const refundOrderSchema = yup.object({
  restock: yup
    .boolean()
    .typeError('Restock must be true or false')
    .required('Say whether the stock goes back on the shelf'),
  amount: yup
    .number()
    .typeError('Amount must be a number of cents')
    .integer('Amount must be a whole number of cents')
    .min(1, 'Refund at least 0.01')
    .optional(),
  lines: yup
    .array(
      yup.object({
        line: yup.number().typeError('Line must be a number').integer().min(0).required(),
        quantity: yup
          .number()
          .typeError('Quantity must be a number')
          .integer('Quantity must be a whole number')
          .min(1, 'Refund at least 1')
          .required('Say how many'),
      }),
    )
    .max(100)
    .optional(),
});
export type RefundOrderInput = yup.InferType<typeof refundOrderSchema>;
