/** The admin's changes of an order's state that take a body (docs/product.md §4.1). */
import * as yup from 'yup';
import {
  carrierKey,
  knownCarrier,
  trackingNumberProblem,
  trackingTemplateProblem,
} from '../orders/tracking.js';
import { requiredTextField } from './fields.js';
import { atMost } from './text-limits.js';

export const CARRIER_MAX = 60;
export const TRACKING_NUMBER_MAX = 60;
export const TRACKING_URL_TEMPLATE_MAX = 300;
/** How many carriers of its own a shop may add. */
export const TRACKING_CARRIERS_MAX = 20;

/**
 * POST /ordered/{id}/ship: who carries the parcel and its tracking number, which must fit the
 * carrier's format where the shop knows it (contract/src/orders/tracking.ts); any other carrier
 * may be typed.
 */
export const shipOrderSchema = yup
  .object({
    carrier: requiredTextField('Carrier', CARRIER_MAX),
    trackingNumber: requiredTextField('Tracking number', TRACKING_NUMBER_MAX).matches(
      /^[A-Za-z0-9 -]+$/,
      'Tracking number takes letters, digits, spaces and dashes',
    ),
  })
  .test('carrier-format', (shipment, context) => {
    const problem = trackingNumberProblem(shipment.carrier ?? '', shipment.trackingNumber ?? '');
    return problem ? context.createError({ path: 'trackingNumber', message: problem }) : true;
  });
export type ShipOrderInput = yup.InferType<typeof shipOrderSchema>;

/**
 * A text of the shop's carriers, checked as it will be kept (trimmed); strict, so that a list of
 * junk is refused rather than cast (a row `{ "toString": 1 }` would trip yup's casting).
 */
const carrierText = (label: string, max: number) =>
  yup
    .string()
    .strict()
    .typeError(`${label} must be text`)
    .required(`${label} is required`)
    .test('not-blank', `${label} is required`, (text) => Boolean(text.trim()))
    .test('max', atMost(label, max), (text) => text.trim().length <= max);

/** One carrier of the shop's own: a name no known carrier has, and an https address with {number}. */
export const trackingCarrierSchema = yup
  .object({
    name: carrierText('Name', CARRIER_MAX).test('not-known', (name, context) => {
      const known = name ? knownCarrier(name) : undefined;
      return known
        ? context.createError({
            message: `${known.name} is built in: the shop knows its tracking address`,
          })
        : true;
    }),
    urlTemplate: carrierText('Tracking address', TRACKING_URL_TEMPLATE_MAX).test(
      'template',
      (template, context) => {
        const problem = template?.trim() ? trackingTemplateProblem(template) : null;
        return problem ? context.createError({ message: problem }) : true;
      },
    ),
  })
  .typeError('Each carrier is a name and a tracking address');

/**
 * PUT /admin/tracking-carriers: the shop's own carriers, each a name and the address its parcels
 * are tracked at, each name once. A known carrier's address is built in, so its name is not taken.
 */
export const trackingCarriersSchema = yup.object({
  carriers: yup
    .array()
    .strict()
    .typeError('Send the list of carriers')
    .of(trackingCarrierSchema.required('Each carrier is a name and a tracking address'))
    .max(TRACKING_CARRIERS_MAX, `At most ${TRACKING_CARRIERS_MAX} carriers`)
    .required('Send the list of carriers')
    .test('unique-names', (carriers, context) => {
      const seen = new Set<string>();
      // Rows that are not carriers are their own checks' business.
      for (const [index, carrier] of (carriers ?? []).entries()) {
        const name: unknown = typeof carrier === 'object' && carrier !== null ? carrier.name : null;
        if (typeof name !== 'string') continue;
        if (seen.has(carrierKey(name))) {
          return context.createError({
            path: `carriers[${index}].name`,
            message: `There is a carrier ${name.trim()} already`,
          });
        }
        seen.add(carrierKey(name));
      }
      return true;
    }),
});
export type TrackingCarriersInput = yup.InferType<typeof trackingCarriersSchema>;

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
