import * as yup from 'yup';
import { QUANTITY_MAX } from './part.js';

export const PHONE_MIN = 6;
export const PHONE_MAX = 15;
export const INVALID_INPUT = 'invalid input';
export const ADDRESS_MAX = 300;

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
    .min(limits?.min ?? 1, `Order at least ${limits?.min ?? 1}`)
    .max(QUANTITY_MAX, `Order at most ${QUANTITY_MAX}`);
  if (limits) orderQuantity = orderQuantity.max(limits.max, `Only ${limits.max} available`);
  return yup.object({
    partName: yup.string().trim().required('Product name is required'),
    userName: yup.string().trim().required('Full name is required').max(120),
    email: yup.string().trim().required('Email is required').email('Email is not valid'),
    address: yup.string().trim().required(INVALID_INPUT).max(ADDRESS_MAX, INVALID_INPUT),
    number: yup
      .string()
      .trim()
      .required(INVALID_INPUT)
      .min(PHONE_MIN, INVALID_INPUT)
      .max(PHONE_MAX, INVALID_INPUT)
      .matches(/^\+?[0-9 ()-]+$/, INVALID_INPUT),
    orderQuantity,
  });
}
export type PurchaseInput = yup.InferType<ReturnType<typeof purchaseSchema>>;

/** What POST /ordered needs beyond the form: which part. Identity and price come from the server. */
export const placeOrderSchema = purchaseSchema().shape({
  partId: yup.string().trim().required('Part is required'),
  partName: yup.string().trim().default(''),
  userName: yup.string().trim().default(''),
  email: yup.string().trim().default(''),
});
export type PlaceOrderInput = yup.InferType<typeof placeOrderSchema>;

export const deliverOrderSchema = yup.object({
  delivertext: yup.boolean().oneOf([true], 'delivertext must be true').required(),
});

export const confirmPaymentSchema = yup.object({
  transactionId: yup.string().trim().required('Transaction id is required').max(255),
  partId: yup.string().trim().optional(),
});

/**
 * POST /create-payment-intent. The amount is computed from the stored order; a totalPrice sent
 * along must be that amount in cents (the API answers 422 otherwise).
 */
export const paymentIntentSchema = yup.object({
  orderId: yup.string().trim().required('Order is required').max(128),
  totalPrice: yup.number().typeError('Total price must be a number').optional(),
});

/** POST /payments/simulated/confirm (the simulated gateway's card field). */
export const simulatedConfirmSchema = yup.object({
  clientSecret: yup.string().trim().required('Client secret is required').max(255),
  cardNumber: yup.string().trim().default('').max(32),
  expMonth: yup.number().typeError('Expiry month must be a number').integer().optional(),
  expYear: yup.number().typeError('Expiry year must be a number').integer().optional(),
  cvc: yup.string().trim().default('').max(8),
  billingName: yup.string().trim().default('').max(120),
  billingEmail: yup.string().trim().default('').max(254),
});
