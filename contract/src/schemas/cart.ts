/**
 * The cart and the checkout: which parts, how many. Prices, names and stock come from the stored
 * parts; the cart reserves nothing, and the checkout reserves every line's stock or none.
 */
import * as yup from 'yup';
import { DOCUMENT_ID_PATTERN } from '../api/params.js';
import { purchaseSchema } from './order.js';
import { QUANTITY_MAX } from '../parts/part-rules.js';
import { atMost, ID_MAX } from './text-limits.js';
import { checkoutPricingFields } from './checkout-pricing.js';
import { cartLineKey } from '../cart/build-cart.js';
import { deliveryOf, deliveryRequestOf, type ShippingMethod } from '../pricing/shipping.js';
import { skuField } from './part.js';

/** The most lines one cart (and so one checkout) holds. */
export const CART_LINES_MAX = 50;

/**
 * Quantities are whole numbers sent as JSON numbers. Strict: nothing is converted, so text and
 * objects inside the item list are refused with a message rather than coerced.
 */
const quantity = () =>
  yup
    .number()
    .strict()
    .typeError('Quantity must be a number')
    .required('Quantity is required')
    .integer('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(QUANTITY_MAX, `Quantity must be at most ${QUANTITY_MAX}`);

/** One wanted part: `{ partId, quantity }`. */
export const cartItemSchema = yup
  .object({
    partId: yup
      .string()
      .strict()
      .typeError('Part must be text')
      .required('Part is required')
      .max(ID_MAX, atMost('Part', ID_MAX))
      .matches(DOCUMENT_ID_PATTERN, 'Not a valid part'),
    quantity: quantity(),
    /** The variant wanted, for a part sold in variants (issue 25). */
    sku: skuField().optional(),
  })
  .typeError('Each item must be an object with a partId and a quantity');
export type CartItemInput = yup.InferType<typeof cartItemSchema>;

/** A list of wanted parts, each part once. */
const cartItems = () =>
  yup
    .array()
    .strict()
    .typeError('Items must be a list')
    .of(cartItemSchema)
    .max(CART_LINES_MAX, `At most ${CART_LINES_MAX} different parts at once`)
    .test('each-part-once', 'Each part (and variant) may appear once', (items) => {
      const ids = (items ?? []).map((item) => cartLineKey(item?.partId ?? '', item?.sku));
      return new Set(ids).size === ids.length;
    });

/** PUT /cart/items/{partId}: the line's new quantity (the cart keeps one line per part). */
export const cartQuantitySchema = yup.object({ quantity: quantity(), sku: skuField().optional() });
export type CartQuantityInput = yup.InferType<typeof cartQuantitySchema>;

/** POST /cart/merge: a visitor's browser cart, merged into the account's cart at sign-in. */
export const cartMergeSchema = yup.object({
  items: cartItems().required('Items are required'),
});
export type CartMergeInput = yup.InferType<typeof cartMergeSchema>;

/**
 * POST /checkout: the lines, where to send them, and whether to keep the address in the address
 * book for next time. The customer's name and email come from the account, never the body. The
 * address and phone rules are the purchase form's. Since issue 25: the shipping method, a discount
 * code, the country and region (tax); where the parts go is checked against the shop's methods
 * (deliveryOf: a country unless picked up, docs/decisions/077). POST /checkout/quote takes the
 * same body.
 */
export const checkoutSchema = purchaseSchema()
  .pick(['address', 'number'])
  .shape({
    items: cartItems()
      .required('Items are required')
      .min(1, 'The cart is empty: add a part before checking out'),
    saveAddress: yup.boolean().typeError('Save address must be true or false').optional(),
    /**
     * The total the shopper was shown, in minor units: if the parts cost something else now, the
     * checkout is refused (409) with the new figures rather than charging a price never shown.
     */
    expectedTotal: yup
      .number()
      .typeError('Expected total must be a number')
      .integer('Expected total must be in minor units (cents)')
      .min(0, 'Expected total cannot be negative')
      .optional(),
    ...checkoutPricingFields,
  });
export type CheckoutInput = yup.InferType<typeof checkoutSchema>;

/**
 * POST /checkout/quote: the checkout's body (anything else in it is ignored), of which only the
 * lines and the pricing fields count, so a page can ask before the address is filled in.
 */
export const checkoutQuoteSchema = checkoutSchema.pick([
  'items',
  'shippingMethodId',
  'discountCode',
  'country',
  'region',
]);
export type CheckoutQuoteInput = yup.InferType<typeof checkoutQuoteSchema>;

/**
 * The checkout page's delivery fields: the API's rules, and where the parts go by the rule the
 * API applies (deliveryOf) for the shop's `methods`: a country unless they are picked up, and a
 * method of the shop's that goes there.
 */
export const checkoutDeliverySchemaFor = (methods: readonly ShippingMethod[]) =>
  checkoutSchema
    .pick(['address', 'number', 'saveAddress', 'country', 'region', 'shippingMethodId'])
    .test('delivery', 'Choose where the parts go', (values, context) => {
      const { refusal } = deliveryOf(methods, deliveryRequestOf(values));
      return (
        !refusal ||
        new yup.ValidationError(
          Object.entries(refusal).map(([path, message]) => context.createError({ path, message })),
        )
      );
    });
