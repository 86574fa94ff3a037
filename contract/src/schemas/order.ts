import * as yup from 'yup';
import { orderMessages } from '../orders/order-rules.js';
import { PRICE_MAX_CENTS, PRODUCT_NAME_MAX, QUANTITY_MAX } from '../parts/part-rules.js';
import { PHONE_MAX, PHONE_MIN, PHONE_PATTERN } from './patterns.js';
import { optionalTextField, requiredEmailField, requiredTextField } from './fields.js';
import { atMost, EMAIL_MAX, ID_MAX, NAME_MAX } from './text-limits.js';
import { skuField } from './part.js';

export const INVALID_INPUT = 'invalid input';
export const ADDRESS_MAX = 300;
/** No order can cost more: the dearest part, as many as a part can have in stock. */
export const ORDER_TOTAL_MAX_CENTS = PRICE_MAX_CENTS * QUANTITY_MAX;
/** Stripe promises its ids never exceed 255 characters; its client secrets (about 60) get as much. */
const PROVIDER_ID_MAX = 255;

export interface OrderQuantityLimits {
  /** The part's minimum order. */
  min: number;
  /** The part's available stock. */
  max: number;
}

/**
 * The purchase form and POST /ordered. With limits (the form) the quantity must lie within the
 * part's [minimum order, available stock]; the API checks those against the stored part inside
 * the ordering transaction instead, so it builds the schema without them.
 */
export function purchaseSchema(limits?: OrderQuantityLimits) {
  let orderQuantity = yup
    .number()
    .typeError('Order quantity must be a number')
    .required('Order quantity is required')
    .integer('Order quantity must be a whole number')
    .min(limits?.min ?? 1, orderMessages.orderAtLeast(limits?.min ?? 1))
    .max(QUANTITY_MAX, `Order at most ${QUANTITY_MAX}`);
  if (limits)
    orderQuantity = orderQuantity.max(limits.max, orderMessages.onlyAvailable(limits.max));
  return yup.object({
    partName: requiredTextField('Product name', PRODUCT_NAME_MAX),
    userName: requiredTextField('Full name', NAME_MAX),
    email: requiredEmailField(),
    address: yup.string().trim().required(INVALID_INPUT).max(ADDRESS_MAX, INVALID_INPUT),
    number: yup
      .string()
      .trim()
      .required(INVALID_INPUT)
      .min(PHONE_MIN, INVALID_INPUT)
      .max(PHONE_MAX, INVALID_INPUT)
      .matches(PHONE_PATTERN, INVALID_INPUT),
    orderQuantity,
  });
}
export type PurchaseInput = yup.InferType<ReturnType<typeof purchaseSchema>>;
/** The purchase form's fields: the quantity is '' while its number input is empty. */
export type PurchaseFormValues = Omit<PurchaseInput, 'orderQuantity'> & {
  orderQuantity: PurchaseInput['orderQuantity'] | '';
};

/** What POST /ordered needs beyond the form: which part. Identity and price come from the server. */
export const placeOrderSchema = purchaseSchema().shape({
  partId: requiredTextField('Part', ID_MAX),
  /** The variant, for a part sold in variants (issue 25). */
  sku: skuField().optional(),
  partName: optionalTextField('Product name', PRODUCT_NAME_MAX),
  userName: optionalTextField('Full name', NAME_MAX),
  email: optionalTextField('Email', EMAIL_MAX),
});
export type PlaceOrderInput = yup.InferType<typeof placeOrderSchema>;

export const deliverOrderSchema = yup.object({
  delivertext: yup.boolean().oneOf([true], 'delivertext must be true').required(),
});

export const confirmPaymentSchema = yup.object({
  transactionId: requiredTextField('Transaction id', PROVIDER_ID_MAX),
  partId: yup.string().trim().optional().max(ID_MAX, atMost('Part', ID_MAX)),
});

/**
 * POST /create-payment-intent. The amount is computed from the stored order; a totalPrice sent
 * along must be that amount in cents (the API answers 422 otherwise).
 */
export const paymentIntentSchema = yup.object({
  orderId: requiredTextField('Order', ID_MAX),
  totalPrice: yup
    .number()
    .typeError('Total price must be a number')
    .optional()
    .integer('Total price must be a whole number of cents')
    .min(1, 'Total price must be more than zero')
    .max(ORDER_TOTAL_MAX_CENTS, 'Total price is too high'),
});

/** POST /payments/simulated/confirm (the simulated gateway's card field). */
export const simulatedConfirmSchema = yup.object({
  clientSecret: requiredTextField('Client secret', PROVIDER_ID_MAX),
  cardNumber: optionalTextField('Card number', 32),
  expMonth: yup.number().typeError('Expiry month must be a number').integer().optional(),
  expYear: yup.number().typeError('Expiry year must be a number').integer().optional(),
  cvc: optionalTextField('Security code', 8),
  billingName: optionalTextField('Name on card', NAME_MAX),
  billingEmail: optionalTextField('Email', EMAIL_MAX),
  billingPostalCode: optionalTextField('Postal code', 16),
  paymentMethodId: optionalTextField('Payment method', PROVIDER_ID_MAX),
  savePaymentMethod: yup.boolean().optional(),
  wallet: yup
    .string()
    .max(16)
    .oneOf(['apple_pay', 'google_pay'] as const, 'Wallet must be apple_pay or google_pay')
    .optional(),
});

/** POST /payments/simulated/authenticate (the simulated 3-D Secure page's two buttons). */
export const simulatedAuthenticateSchema = yup.object({
  clientSecret: requiredTextField('Client secret', PROVIDER_ID_MAX),
  outcome: yup
    .string()
    .max(16)
    .oneOf(['complete', 'fail'] as const, 'Outcome must be complete or fail')
    .required('Outcome is required'),
});
