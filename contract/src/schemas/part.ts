/**
 * A part's yup schemas, for the API and the admin's product forms. The rules they check (limits,
 * categories, messages) are in parts/part-rules.ts, which the public pages use without yup.
 */
import * as yup from 'yup';
import { requiredTextField } from './fields.js';
import { amountExample, DEFAULT_CURRENCY, parseAmountToCents } from '../money.js';
import {
  DESCRIPTION_MAX,
  IMAGE_URL_MAX,
  PART_CATEGORIES,
  partMessages,
  PLAIN_NUMBER_TEXT,
  PRICE_MAX_CENTS,
  PRICE_TEXT_MAX,
  PRODUCT_NAME_MAX,
  QUANTITY_MAX,
} from '../parts/part-rules.js';
import { isImageUrl } from './patterns.js';

/**
 * A yup test: text is a plain decimal (PLAIN_NUMBER_TEXT); JSON numbers pass as they are. The
 * message names the field unless the field has words of its own (a star rating).
 */
export const plainNumberTest = (
  label: string,
  message = `${label} must be a plain number, like 12`,
) =>
  ({
    name: 'plain-number',
    message,
    test: (_value: unknown, context: { originalValue: unknown }) =>
      typeof context.originalValue !== 'string' ||
      PLAIN_NUMBER_TEXT.test(context.originalValue.trim()),
  }) as const;

const wholeNumber = (label: string, min: number) =>
  yup
    .number()
    .typeError(`${label} must be a number`)
    .required(`${label} is required`)
    .test(plainNumberTest(label))
    .integer(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(QUANTITY_MAX, `${label} must be at most ${QUANTITY_MAX}`);

const CATEGORY_MAX = Math.max(...PART_CATEGORIES.map((category) => category.length));

/** A category id; `required()` it where one must be picked (the Add Product form's picker). */
export const partCategorySchema = () =>
  yup
    .string()
    .trim()
    .max(CATEGORY_MAX, 'Pick one of the categories')
    .oneOf(PART_CATEGORIES, 'Pick one of the categories');

const partFields = {
  productName: yup
    .string()
    .trim()
    .required('Product name is required')
    .max(PRODUCT_NAME_MAX, `Product name must be at most ${PRODUCT_NAME_MAX} characters`),
  img: yup
    .string()
    .trim()
    .required('Image URL is required')
    .max(IMAGE_URL_MAX, `Image URL must be at most ${IMAGE_URL_MAX} characters`)
    .test('image-url', 'Image must be a web address or a path on this site', (value) =>
      value === undefined ? true : isImageUrl(value),
    ),
  order: wholeNumber('Min order', 1),
  quantity: wholeNumber('Quantity', 0),
  description: yup
    .string()
    .trim()
    .required('Description is required')
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
};

/**
 * A new part's minimum order must not exceed its stock (`partMessages.orderOverStock`): one rule
 * for POST /parts and the Add Product form, reported on the Min order field. Either number not
 * yet a number is the fields' own tests' business.
 */
const orderWithinStock = {
  name: 'order-within-stock',
  test: (part: { order?: unknown; quantity?: unknown } | undefined, context: yup.TestContext) => {
    const order = Number(part?.order);
    const quantity = Number(part?.quantity);
    if (!Number.isFinite(order) || !Number.isFinite(quantity) || order <= quantity) return true;
    return context.createError({ path: 'order', message: partMessages.orderOverStock(quantity) });
  },
} as const;

const priceInCents = () =>
  yup
    .number()
    .typeError('Price must be a number')
    .required('Price is required')
    .test(plainNumberTest('Price'))
    .integer('Price must be a whole number of cents')
    .min(1, 'Price must be more than zero')
    .max(PRICE_MAX_CENTS, 'Price is too high');

/**
 * A new part as the API receives it: price in cents. A part sent without a category (by a client
 * of the original API) is filed under DEFAULT_PART_CATEGORY.
 */
export const partSchema = yup
  .object({
    ...partFields,
    price: priceInCents(),
    category: partCategorySchema().optional(),
  })
  .test(orderWithinStock);
export type PartInput = yup.InferType<typeof partSchema>;

/**
 * PATCH /parts/{id}: the fields an admin edits, each with Add Product's rules; at least one.
 * Stock is not among them (PUT /parts/{id} adds stock in one step); the minimum order must not
 * exceed the stock, which only the server knows (`partMessages.orderOverStock`).
 */
export const partEditSchema = yup
  .object({
    productName: partFields.productName.optional(),
    img: partFields.img.optional(),
    order: wholeNumber('Min order', 1).optional(),
    price: priceInCents().optional(),
    description: partFields.description.optional(),
    category: partCategorySchema().optional(),
  })
  .test('some-field', 'Change at least one field', (edit) =>
    Object.values(edit).some((value) => value !== undefined),
  );
export type PartEdit = yup.InferType<typeof partEditSchema>;

/**
 * The Add Product form of a shop selling in `currency`: the same rules, with the price typed in
 * that currency's decimals ("12.50" for USD, "1250" for JPY).
 */
export function productFormSchemaFor(currency: string) {
  return yup
    .object({
      ...partFields,
      price: requiredTextField('Price per unit', PRICE_TEXT_MAX)
        .test(
          'amount',
          `Price per unit must be a number like ${amountExample(currency)}`,
          (value) => value === undefined || parseAmountToCents(value, currency) !== null,
        )
        .test(
          'positive',
          'Price must be more than zero',
          (value) => value === undefined || parseAmountToCents(value, currency) !== 0,
        ),
    })
    .test(orderWithinStock);
}

/** The Add Product form in the default currency. */
export const productFormSchema = productFormSchemaFor(DEFAULT_CURRENCY);
/** The Add Product form's fields as typed: text, which the schema reads into numbers and cents. */
export type ProductFormValues = Record<keyof yup.InferType<typeof productFormSchema>, string>;

/** Add stock: the amount to add to the part's current quantity. */
export const addStockSchema = yup.object({
  addQuantity: wholeNumber('Quantity to add', 1),
});
export type AddStockInput = yup.InferType<typeof addStockSchema>;
/** The Add Stock field as typed. */
export type AddStockFormValues = Record<keyof AddStockInput, string>;

/** The original API's stock update: the new total. */
export const setStockSchema = yup.object({
  deliveredQuantity: wholeNumber('Quantity', 0),
});
