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

/**
 * Numbers written as text (a form's field, a query string, a JSON string) are read only when they
 * are plain decimals: yup's number() would also read "1e3" as 1000 and "0x10" as 16, which no
 * shop owner means by a price or a quantity.
 */
export const PLAIN_NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

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

/**
 * The catalogue's departments, in the order the shop lists them. Ids are URL-friendly (they go
 * into `/parts?category=`); labels are what people read.
 */
export const PART_CATEGORIES = [
  'drivetrain',
  'wheels-and-tyres',
  'brakes',
  'cockpit',
  'saddles',
  'pedals',
  'lights',
  'accessories',
] as const;
export type PartCategory = (typeof PART_CATEGORIES)[number];

export const partCategoryLabels: Record<PartCategory, string> = {
  drivetrain: 'Drivetrain',
  'wheels-and-tyres': 'Wheels and tyres',
  brakes: 'Brakes',
  cockpit: 'Cockpit',
  saddles: 'Saddles',
  pedals: 'Pedals',
  lights: 'Lights',
  accessories: 'Accessories',
};

/**
 * Where a part without a category belongs: parts stored before categories existed, and parts
 * added by clients of the original API, which know nothing of categories.
 */
export const DEFAULT_PART_CATEGORY: PartCategory = 'accessories';

export const isPartCategory = (value: unknown): value is PartCategory =>
  (PART_CATEGORIES as readonly unknown[]).includes(value);

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
 * Whether a part can be bought: its stock covers at least its minimum order. The catalogue's
 * `inStock` filter and the "Sold out" badge both ask this.
 */
export const isInStock = (part: { quantity: number; order: number }): boolean =>
  part.quantity > 0 && part.quantity >= part.order;

/** At or below this stock a part that can still be bought says how few are left. */
export const LOW_STOCK_THRESHOLD = 5;

export type StockBadge =
  | { kind: 'in-stock'; label: 'In stock' }
  | { kind: 'low'; label: string }
  | { kind: 'sold-out'; label: 'Sold out' };

/**
 * The stock badge of a part card and the product page: "Sold out" when even the minimum order
 * cannot be had (isInStock), "Only N left" at LOW_STOCK_THRESHOLD or below, else "In stock".
 */
export function stockBadge(part: { quantity: number; order: number }): StockBadge {
  if (!isInStock(part)) return { kind: 'sold-out', label: 'Sold out' };
  if (part.quantity <= LOW_STOCK_THRESHOLD)
    return { kind: 'low', label: `Only ${part.quantity} left` };
  return { kind: 'in-stock', label: 'In stock' };
}

/** The part rules' words that the server applies and the web app shows. */
export const partMessages = {
  orderOverStock: (stock: number) => `Min order must be at most the stock (${stock})`,
};

/** An uploaded product image: the formats browsers show, recognised by their first bytes. */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** What the upload refuses, in the words the API answers and the Add Product form shows. */
export const imageUploadMessages = {
  wrongType: 'Upload a PNG, JPEG or WebP image',
  tooLarge: `The image must be at most ${IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB`,
  empty: 'The file is empty',
};

/**
 * The Add Product form of a shop selling in `currency`: the same rules, with the price typed in
 * that currency's decimals ("12.50" for USD, "1250" for JPY).
 */
export function productFormSchemaFor(currency: string) {
  return yup
    .object({
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
