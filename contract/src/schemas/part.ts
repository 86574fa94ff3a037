import * as yup from 'yup';
import { amountExample, DEFAULT_CURRENCY, parseAmountToCents } from '../money.js';
import { isImageUrl } from './patterns.js';
import { atMost, URL_MAX } from './text-limits.js';

export const PRODUCT_NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const IMAGE_URL_MAX = URL_MAX;
export const QUANTITY_MAX = 1_000_000;
export const PRICE_MAX_CENTS = 100_000_000;
/** The highest price typed out ("1000000.00", "100000.000" in a three-decimal currency) fits. */
export const PRICE_TEXT_MAX = 12;

const wholeNumber = (label: string, min: number) =>
  yup
    .number()
    .typeError(`${label} must be a number`)
    .required(`${label} is required`)
    .integer(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(QUANTITY_MAX, `${label} must be at most ${QUANTITY_MAX}`);

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

/** A new part as the API receives it: price in cents. */
export const partSchema = yup.object({
  ...partFields,
  price: yup
    .number()
    .typeError('Price must be a number')
    .required('Price is required')
    .integer('Price must be a whole number of cents')
    .min(1, 'Price must be more than zero')
    .max(PRICE_MAX_CENTS, 'Price is too high'),
});
export type PartInput = yup.InferType<typeof partSchema>;

/**
 * The Add Product form of a shop selling in `currency`: the same rules, with the price typed in
 * that currency's decimals ("12.50" for USD, "1250" for JPY).
 */
export function productFormSchemaFor(currency: string) {
  return yup.object({
    ...partFields,
    price: yup
      .string()
      .trim()
      .required('Price per unit is required')
      .max(PRICE_TEXT_MAX, atMost('Price per unit', PRICE_TEXT_MAX))
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
  });
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
