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
  partMessages,
  PLAIN_NUMBER_TEXT,
  PRICE_MAX_CENTS,
  PRICE_TEXT_MAX,
  PRODUCT_NAME_MAX,
  QUANTITY_MAX,
} from '../parts/part-rules.js';
import { isImageUrl } from './patterns.js';
import {
  PICTURE_ALT_MAX,
  PICTURE_WIDTHS,
  pictureMessages,
  PICTURES_MAX,
  type PartPicture,
  type PictureRendition,
} from '../parts/part-pictures.js';
import {
  CATEGORY_ID_MAX,
  CATEGORY_ID_PATTERN,
  categoryMessages,
  categoryOf,
  DEFAULT_PART_CATEGORY,
  type Category,
} from '../parts/categories.js';
import {
  categorySpecs,
  readPartSpecs,
  readSpecValue,
  SPEC_DEFINITIONS,
  type PartSpecs,
  type SpecsReading,
} from '../parts/specs.js';
import {
  BRAND_MAX,
  GTIN_MAX,
  type MERCHANDISING_FIELDS,
  gtinProblem,
  merchandisingMessages,
  MPN_MAX,
  normalGtin,
  WEIGHT_MAX_GRAMS,
} from '../parts/merchandising.js';
import {
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  OPTION_VALUES_MAX,
  OPTIONS_MAX,
  SKU_MAX,
  SKU_PATTERN,
  VARIANTS_MAX,
  readVariantSpecs,
  variantProblems,
  type PartOption,
} from '../parts/variants.js';

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
 * A category id; `required()` it where one must be picked (the Add Product form's picker). Which
 * ids the shop has is stored (decision 108): the API checks the id against them, the forms pick
 * from them.
 */
export const partCategorySchema = () =>
  yup
    .string()
    .trim()
    .max(CATEGORY_ID_MAX, categoryMessages.unknown)
    .matches(CATEGORY_ID_PATTERN, { message: categoryMessages.unknown, excludeEmptyString: true });

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
  test: (
    part: { order?: unknown; quantity?: unknown; variants?: { quantity?: unknown }[] } | undefined,
    context: yup.TestContext,
  ) => {
    const order = Number(part?.order);
    // A part sold in variants has their stock together.
    const quantity =
      part?.variants && part.variants.length > 0
        ? part.variants.reduce((sum, variant) => sum + Number(variant.quantity), 0)
        : Number(part?.quantity);
    if (!Number.isFinite(order) || !Number.isFinite(quantity) || order <= quantity) return true;
    return context.createError({ path: 'order', message: partMessages.orderOverStock(quantity) });
  },
} as const;

/** plainNumberTest of a field that may be emptied (an empty one is read as none). */
const plainOrEmptyTest = (label: string) => {
  const plain = plainNumberTest(label);
  return {
    ...plain,
    test: (value: unknown, context: { originalValue: unknown }) =>
      context.originalValue === '' || plain.test(value, context),
  };
};

/** An amount in minor units, more than zero. */
const centsField = (label: string) =>
  yup
    .number()
    .typeError(`${label} must be a number`)
    .test(plainOrEmptyTest(label))
    .integer(`${label} must be a whole number of cents`)
    .min(1, `${label} must be more than zero`)
    .max(PRICE_MAX_CENTS, `${label} is too high`);

const priceInCents = () => centsField('Price').required('Price is required');

/**
 * What an empty merchandising field means (docs/decisions/102): left out of a new part, cleared
 * by an edit (null, which the store keeps as "none").
 */
type Emptied = 'left-out' | 'cleared';
const emptyIs = (emptied: Emptied) => (value: unknown, original: unknown) =>
  original === '' || original === null ? (emptied === 'cleared' ? null : undefined) : value;

const merchText = (label: string, max: number, emptied: Emptied) =>
  yup
    .string()
    .typeError(`${label} is text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform(emptyIs(emptied))
    .nullable();

/** A GTIN: digits (spaces and dashes as printed are dropped), of a GTIN's length and check digit. */
const gtinField = (emptied: Emptied) =>
  yup
    .string()
    .typeError('A GTIN is digits, like 4006381333931')
    .transform((value: unknown) => (typeof value === 'string' ? normalGtin(value) : value))
    .transform(emptyIs(emptied))
    .max(GTIN_MAX, merchandisingMessages.gtinLength)
    .nullable()
    .test('gtin', (value, context) => {
      const problem = value ? gtinProblem(value) : undefined;
      return problem === undefined ? true : context.createError({ message: problem });
    });

const weightField = (emptied: Emptied) =>
  yup
    .number()
    .typeError('Weight must be a number of grams')
    .test(plainOrEmptyTest('Weight'))
    .integer('Weight must be a whole number of grams')
    .min(1, 'Weight must be at least 1 gram')
    .max(WEIGHT_MAX_GRAMS, `Weight must be at most ${WEIGHT_MAX_GRAMS} grams`)
    .transform(emptyIs(emptied))
    .nullable();

/** A size's merchandising fields: GTIN, MPN, weight and compare-at price (docs/decisions/102). */
const variantMerchandisingFields = (emptied: Emptied) => ({
  gtin: gtinField(emptied),
  mpn: merchText('MPN', MPN_MAX, emptied),
  weight: weightField(emptied),
  compareAtPrice: centsField('Compare-at price').transform(emptyIs(emptied)).nullable(),
});

/** A part's: its brand, and a size's fields for a part sold as one. */
const merchandisingFields = (emptied: Emptied) => ({
  brand: merchText('Brand', BRAND_MAX, emptied),
  ...variantMerchandisingFields(emptied),
});

/**
 * A compare-at price is above the price it is struck through against: the part's, or each size's
 * (a part sold in sizes has none of its own). An edit sending no price is checked by the server
 * against the stored one.
 */
const compareAtAbovePrice = {
  name: 'compare-at-above-price',
  test: (
    part:
      | {
          price?: unknown;
          compareAtPrice?: unknown;
          variants?: { price?: unknown; compareAtPrice?: unknown }[];
        }
      | undefined,
    context: yup.TestContext,
  ) => {
    const errors: yup.ValidationError[] = [];
    const notAbove = (sale: { price?: unknown; compareAtPrice?: unknown } | undefined) =>
      typeof sale?.compareAtPrice === 'number' &&
      typeof sale.price === 'number' &&
      sale.compareAtPrice <= sale.price;
    const message = merchandisingMessages.compareAtNotAbove;
    if (typeof part?.compareAtPrice === 'number' && (part.variants?.length ?? 0) > 0)
      errors.push(
        context.createError({
          path: 'compareAtPrice',
          message: merchandisingMessages.compareAtOnSizes,
        }),
      );
    else if (notAbove(part)) errors.push(context.createError({ path: 'compareAtPrice', message }));
    (part?.variants ?? []).forEach((variant, index) => {
      if (notAbove(variant))
        errors.push(context.createError({ path: `variants[${index}].compareAtPrice`, message }));
    });
    return errors.length === 0 ? true : new yup.ValidationError(errors);
  },
} as const;

/** A sku: letters, digits and . _ -, unique within its part. */
export const skuField = () =>
  yup
    .string()
    .typeError('A sku is text')
    .trim()
    .max(SKU_MAX, `A sku has at most ${SKU_MAX} characters`)
    .matches(SKU_PATTERN, 'A sku has only letters, digits, . _ and -');

const isRecordOfText = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string');

/** One option: `{ name: "Size", values: ["700x28c", "700x32c"] }`. */
const optionSchema = yup.object({
  name: yup
    .string()
    .typeError('An option name is text')
    .trim()
    .required('Each option needs a name')
    .max(OPTION_NAME_MAX, `An option name has at most ${OPTION_NAME_MAX} characters`),
  values: yup
    .array()
    .typeError('An option has a list of values')
    .of(
      yup
        .string()
        .typeError('An option value is text')
        .trim()
        .required('An option value cannot be empty')
        .max(OPTION_VALUE_MAX, `An option value has at most ${OPTION_VALUE_MAX} characters`),
    )
    .required('Each option needs its values')
    .min(1, 'Each option needs at least one value')
    .max(OPTION_VALUES_MAX, `An option has at most ${OPTION_VALUES_MAX} values`),
});

const optionsField = () =>
  yup
    .array()
    .typeError('Options are a list')
    .of(optionSchema.required())
    .max(OPTIONS_MAX, `A part has at most ${OPTIONS_MAX} options`);

/**
 * One variant: its sku, its value for each option (`{ "Size": "700x28c" }`), its price in minor
 * units and its stock; `stock` says whether the stock is required (POST) or may be left out
 * (PATCH: a variant kept keeps its stock, a new one starts at 0).
 */
const variantSchema = (stock: 'required' | 'optional') =>
  yup.object({
    sku: skuField().required('Each variant needs a sku'),
    options: yup
      .mixed<Record<string, string>>()
      .test(
        'values',
        'A variant\'s options name its value for each option, like { "Size": "700x28c" }',
        (value) => value === undefined || isRecordOfText(value),
      )
      .transform((value: unknown) =>
        isRecordOfText(value)
          ? Object.fromEntries(Object.entries(value).map(([name, v]) => [name.trim(), v.trim()]))
          : value,
      )
      .required('Each variant names its options'),
    price: priceInCents(),
    quantity:
      stock === 'required'
        ? wholeNumber('Quantity', 0)
        : wholeNumber('Quantity', 0).optional().default(undefined),
    // What this size fits, over the part's specs: checked with them, against the category (088).
    specs: yup.mixed<PartSpecs>().optional(),
    // An edit's size sent without one keeps its sku's; null clears it (docs/decisions/102).
    ...variantMerchandisingFields(stock === 'required' ? 'left-out' : 'cleared'),
  });

const variantsField = (stock: 'required' | 'optional') =>
  yup
    .array()
    .typeError('Variants are a list')
    .of(variantSchema(stock).required())
    .max(VARIANTS_MAX, `A part has at most ${VARIANTS_MAX} variants`);

/**
 * The variant rules of the contract (parts/variants.ts) over the whole part: skus once, a value
 * for every option, values that exist. Reported on `variants` (`options` for an option twice).
 */
const variantsAgree = {
  name: 'variants-agree',
  test: (
    part: { options?: PartOption[]; variants?: { sku: string; options: unknown }[] } | undefined,
    context: yup.TestContext,
  ) => {
    if (part?.options === undefined && part?.variants === undefined) return true;
    const variants = (part.variants ?? []).map((variant) => ({
      sku: variant.sku,
      options: isRecordOfText(variant.options) ? variant.options : {},
    }));
    const [problem] = variantProblems(part.options ?? [], variants);
    return problem === undefined
      ? true
      : context.createError({ path: part.variants ? 'variants' : 'options', message: problem });
  },
} as const;

/** `specs`, any object for now: the part's test below checks it against the category. */
const specsField = () => yup.mixed<PartSpecs>().optional();

/** A picture's or a resized copy's address: the rule of the original `img`. */
const pictureAddress = () =>
  yup
    .string()
    .trim()
    .required('Each picture needs its address')
    .max(IMAGE_URL_MAX, `Image URL must be at most ${IMAGE_URL_MAX} characters`)
    .test('image-url', 'Image must be a web address or a path on this site', (value) =>
      value === undefined ? true : isImageUrl(value),
    );

/**
 * A part's pictures in their order (docs/decisions/096): one to PICTURES_MAX, each with its alt
 * text and the resized copies its upload answered. The form and the API check the same rule.
 */
export const picturesField = () =>
  yup
    .array(
      yup.object({
        url: pictureAddress(),
        alt: yup
          .string()
          .trim()
          .required(pictureMessages.altRequired)
          .max(PICTURE_ALT_MAX, pictureMessages.altTooLong),
        renditions: yup
          .array(
            yup.object({
              width: yup
                .number()
                .required()
                .oneOf([...PICTURE_WIDTHS]),
              avif: pictureAddress(),
              webp: pictureAddress(),
            }),
          )
          .max(PICTURE_WIDTHS.length)
          .optional(),
      }),
    )
    .typeError('Pictures are a list')
    .min(1, pictureMessages.none)
    .max(PICTURES_MAX, pictureMessages.tooMany) as yup.ArraySchema<
    PartPicture[] | undefined,
    yup.AnyObject
  >;

/**
 * A refusal per spec, on `specs.<key>` (or `specs` for something not an object); a variant's
 * refusals come with their path (`variants[1].specs.wheelSize`).
 */
const specErrors = (problems: Record<string, string>, context: yup.TestContext) =>
  new yup.ValidationError(
    Object.entries(problems).map(([key, message]) =>
      context.createError({
        path: key === 'specs' || key.startsWith('variants[') ? key : `specs.${key}`,
        message,
      }),
    ),
  );

/** Specs without a category: keys the shop knows and values they allow, refusals by key. */
function knownSpecProblems(specs: unknown): Record<string, string> {
  if (typeof specs !== 'object' || specs === null || Array.isArray(specs))
    return { specs: 'Specs are an object, like { "speeds": 12 }' };
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(specs)) {
    if (value === null || value === '') continue;
    const spec = SPEC_DEFINITIONS.get(key);
    const read = spec ? readSpecValue(spec, value) : { problem: `No part has a spec ${key}` };
    if ('problem' in read) problems[key] = read.problem;
  }
  return problems;
}

/**
 * A part's specs and each of its variants' (contract/src/parts/specs.ts, docs/decisions/067 and
 * 088). With the shop's categories in yup's `context.categories` (the API passes the stored ones,
 * decision 108): those of its category, keys and values together; a `new` part without one is
 * DEFAULT_PART_CATEGORY's. Otherwise (an edit that keeps the stored category, a caller without
 * the list): keys the shop knows and values they allow, the service checking the rest.
 */
const specsFit = (part: 'new' | 'edit') => ({
  name: 'specs-fit',
  test: (
    value: { specs?: unknown; category?: unknown; variants?: { specs?: unknown }[] } | undefined,
    context: yup.TestContext,
  ) => {
    const categories = (context.options.context as { categories?: readonly Category[] } | undefined)
      ?.categories;
    const id = typeof value?.category === 'string' ? value.category : undefined;
    const category =
      categories && (id !== undefined || part === 'new')
        ? categoryOf(categories, id ?? DEFAULT_PART_CATEGORY)
        : undefined;
    const problems: Record<string, string> = {};
    if (category) {
      Object.assign(
        problems,
        value?.specs === undefined ? {} : readPartSpecs(value.specs, category).problems,
        readVariantSpecs(value?.variants ?? [], category).problems,
      );
    } else {
      if (value?.specs !== undefined) Object.assign(problems, knownSpecProblems(value.specs));
      (value?.variants ?? []).forEach((variant, index) => {
        if (variant.specs === undefined) return;
        for (const [key, message] of Object.entries(knownSpecProblems(variant.specs)))
          problems[`variants[${index}].specs${key === 'specs' ? '' : `.${key}`}`] = message;
      });
    }
    return Object.keys(problems).length === 0 ? true : specErrors(problems, context);
  },
});

/**
 * The part's own low-stock threshold (docs/decisions/070): units at or below which it, and each of
 * its variants, is low; left out, the shop's SHOP_LOW_STOCK.
 */
const lowStockField = () =>
  wholeNumber('Low-stock threshold', 0)
    .optional()
    .default(undefined)
    // The forms' empty field: the shop's threshold (SHOP_LOW_STOCK).
    .transform((value: unknown, original: unknown) => (original === '' ? undefined : value));

/** A part sold in variants takes its price and stock from them; any other needs both. */
const priceAndStockOrVariants = {
  name: 'price-and-stock',
  test: (
    part: { price?: unknown; quantity?: unknown; variants?: unknown[] } | undefined,
    context: yup.TestContext,
  ) => {
    if ((part?.variants?.length ?? 0) > 0) return true;
    const missing = [
      part?.price === undefined &&
        context.createError({ path: 'price', message: 'Price is required' }),
      part?.quantity === undefined &&
        context.createError({ path: 'quantity', message: 'Quantity is required' }),
    ].filter((error): error is yup.ValidationError => error !== false);
    return missing.length === 0 ? true : new yup.ValidationError(missing);
  },
} as const;

/**
 * A new part as the API receives it: price in cents. A part sent without a category (by a client
 * of the original API) is filed under DEFAULT_PART_CATEGORY. A part sold in variants sends
 * `options` and `variants` (each with its price and stock) and may leave out `price` and
 * `quantity`, which the shop then shows as its lowest price and its total stock.
 */
export const partSchema = yup
  .object({
    ...partFields,
    // The first picture's address when `images` is sent; required of the original API's clients.
    img: partFields.img.when('images', {
      is: (images: unknown) => Array.isArray(images) && images.length > 0,
      then: (img) => img.optional(),
    }),
    images: picturesField().optional(),
    quantity: wholeNumber('Quantity', 0).optional(),
    price: priceInCents().optional(),
    category: partCategorySchema().optional(),
    options: optionsField().optional(),
    variants: variantsField('required').optional(),
    lowStock: lowStockField(),
    specs: specsField(),
    ...merchandisingFields('left-out'),
  })
  .test(priceAndStockOrVariants)
  .test(variantsAgree)
  .test(specsFit('new'))
  .test(orderWithinStock)
  .test(compareAtAbovePrice);
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
    images: picturesField().optional(),
    order: wholeNumber('Min order', 1).optional(),
    price: priceInCents().optional(),
    description: partFields.description.optional(),
    category: partCategorySchema().optional(),
    options: optionsField().optional(),
    variants: variantsField('optional').optional(),
    lowStock: lowStockField(),
    specs: specsField(),
    ...merchandisingFields('cleared'),
  })
  .test(variantsAgree)
  .test(specsFit('edit'))
  .test(compareAtAbovePrice)
  .test('some-field', 'Change at least one field', (edit) =>
    Object.values(edit).some((value) => value !== undefined),
  );
export type PartEdit = yup.InferType<typeof partEditSchema>;

/**
 * The Add Product form of a shop selling in `currency`: the same rules, with the price typed in
 * that currency's decimals ("12.50" for USD, "1250" for JPY).
 */
export function productFormSchemaFor(currency: string) {
  const amount = (label: string) =>
    yup
      .string()
      .trim()
      .max(PRICE_TEXT_MAX, `${label} must be at most ${PRICE_TEXT_MAX} characters`)
      .test(
        'amount',
        `${label} must be a number like ${amountExample(currency)}`,
        (value) => !value || parseAmountToCents(value, currency) !== null,
      )
      .test(
        'positive',
        `${label} must be more than zero`,
        (value) => !value || parseAmountToCents(value, currency) !== 0,
      );
  return yup
    .object({
      ...partFields,
      // The merchandising fields as typed; empty ones are left out (docs/decisions/102).
      brand: merchText('Brand', BRAND_MAX, 'left-out'),
      gtin: gtinField('left-out'),
      mpn: merchText('MPN', MPN_MAX, 'left-out'),
      weight: weightField('left-out'),
      compareAtPrice: amount('Compare-at price'),
      lowStock: lowStockField(),
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
    .test(orderWithinStock)
    .test(compareAtAboveTypedPrice(currency));
}

/**
 * A product form's compare-at price above its price, both as typed in `currency`; a part sold in
 * sizes has a compare-at price per size instead (its rows are checked by variantsFromForm).
 */
const compareAtAboveTypedPrice = (currency: string) => ({
  name: 'compare-at-above-price',
  test: (value: object | undefined, context: yup.TestContext) => {
    const form = (value ?? {}) as {
      price?: string;
      compareAtPrice?: string;
      variantRows?: unknown[];
    };
    if ((form.variantRows?.length ?? 0) > 0 || !form.compareAtPrice || !form.price) return true;
    const price = parseAmountToCents(form.price, currency);
    const compareAt = parseAmountToCents(form.compareAtPrice, currency);
    if (price === null || compareAt === null || compareAt > price) return true;
    return context.createError({
      path: 'compareAtPrice',
      message: merchandisingMessages.compareAtNotAbove,
    });
  },
});

/** The product forms' merchandising fields as the API takes them (`cleared`: emptied ones null). */
export function merchandisingFromForm(
  values: { brand: string; gtin: string; mpn: string; weight: string; compareAtPrice: string },
  currency: string,
  emptied: Emptied,
): { [F in (typeof MERCHANDISING_FIELDS)[number]]-?: PartEdit[F] } {
  const none = emptied === 'cleared' ? null : undefined;
  const text = (value: string) => value.trim() || none;
  const weight = values.weight.trim();
  return {
    brand: text(values.brand),
    gtin: values.gtin.trim() ? normalGtin(values.gtin) : none,
    mpn: text(values.mpn),
    weight: weight ? Number(weight) : none,
    compareAtPrice: values.compareAtPrice.trim()
      ? (parseAmountToCents(values.compareAtPrice, currency) ?? none)
      : none,
  };
}

/** The Add Product form in the default currency. */
export const productFormSchema = productFormSchemaFor(DEFAULT_CURRENCY);
/** The Add Product form's fields as typed: text, which the schema reads into numbers and cents. */
export type ProductFormValues = Record<keyof yup.InferType<typeof productFormSchema>, string>;

/** Add stock: the amount to add to the part's current quantity (of one variant, by its sku). */
export const addStockSchema = yup.object({
  addQuantity: wholeNumber('Quantity to add', 1),
  sku: skuField().optional(),
});
export type AddStockInput = yup.InferType<typeof addStockSchema>;
/** The Add Stock field as typed (and the variant it adds to, for a part sold in variants). */
export type AddStockFormValues = { addQuantity: string; sku?: string };

/** The original API's stock update: the new total. */
export const setStockSchema = yup.object({
  deliveredQuantity: wholeNumber('Quantity', 0),
  sku: skuField().optional(),
});

/** An option as the product forms type it: its name, and its values separated by commas. */
export interface OptionFormRow {
  name: string;
  values: string;
}

/** A variant as the product forms type it: its values, sku, price in the shop currency, stock. */
export interface VariantFormRow {
  options: Record<string, string>;
  sku: string;
  price: string;
  /** '' leaves a kept variant's stock as it is (Edit). */
  quantity: string;
  /** The size's own barcode, part number, weight in grams and compare-at price; '' is none (102). */
  gtin?: string;
  mpn?: string;
  weight?: string;
  compareAtPrice?: string;
  /**
   * What this size fits where it differs from the part, by spec key ('' is "not given"); left
   * out, the size has none of its own (docs/decisions/088).
   */
  specs?: Record<string, string>;
}

/** The product forms' options and variants (both empty for a part sold as one). */
export interface VariantFormValues {
  options: OptionFormRow[];
  variantRows: VariantFormRow[];
  /** The part's category, whose specs a size may have of its own. */
  category?: string;
}

/** An option's values as typed, "700x28c, 700x32c": trimmed, empty ones left out. */
export const optionValuesOf = (text: string): string[] =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

type VariantsConversion =
  | {
      input: { options: PartOption[]; variants: NonNullable<PartEdit['variants']> };
      errors?: undefined;
    }
  | { errors: Record<string, string> };

/** The API's error path as the form's field name: `variants[1].sku` is `variantRows.1.sku`. */
const formPath = (path: string) =>
  path
    .replace(/^variants/, 'variantRows')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\./, '');

/**
 * The forms' options and variants as POST/PATCH /parts take them, checked by the API's own rules
 * (the variant schema, variantProblems and, for each size's specs, readVariantSpecs against the
 * form's category): amounts in minor units of `currency`, a stock of '' left out where `stock` is
 * optional (Edit), each refusal on its field.
 */
export function variantsFromForm(
  values: Partial<VariantFormValues>,
  currency: string,
  stock: 'required' | 'optional',
  categories: readonly Category[],
): VariantsConversion {
  const errors: Record<string, string> = {};
  // Read defensively: formik hands empty fields over as undefined.
  const text = (value: string | undefined) => (value ?? '').trim();
  const options = (values.options ?? []).map((option) => ({
    name: text(option.name),
    values: optionValuesOf(text(option.values)),
  }));
  const category = categoryOf(categories, values.category || DEFAULT_PART_CATEGORY) ?? {
    name: values.category ?? '',
    specs: [],
  };
  const categoryKeys = new Set(category.specs);
  const variants = (values.variantRows ?? []).map((row, index) => {
    const price = parseAmountToCents(text(row.price), currency);
    if (price === null)
      errors[`variantRows.${index}.price`] = `Type a price like ${amountExample(currency)}`;
    const quantity = text(row.quantity);
    const compareAtText = text(row.compareAtPrice);
    const compareAt = compareAtText === '' ? null : parseAmountToCents(compareAtText, currency);
    if (compareAtText !== '' && compareAt === null)
      errors[`variantRows.${index}.compareAtPrice`] =
        `Type a price like ${amountExample(currency)}`;
    // Empty: none; an edit clears what the size had (null), a new part leaves it out.
    const none = stock === 'optional' ? null : undefined;
    return {
      sku: text(row.sku),
      options: row.options,
      price: price ?? 0,
      gtin: text(row.gtin) || none,
      mpn: text(row.mpn) || none,
      weight: text(row.weight) || none,
      compareAtPrice: compareAt ?? none,
      // Left out when empty: required (Add Product) says so, optional (Edit) keeps the stock.
      ...(quantity === '' ? {} : { quantity }),
      // Always sent: a size whose fields were emptied has no specs of its own any more. Fields
      // of a category picked before are not sent (as specsFromForm).
      specs: Object.fromEntries(
        Object.entries(row.specs ?? {}).filter(([key]) => categoryKeys.has(key)),
      ),
    };
  });
  const sizeSpecs = readVariantSpecs(variants, category);
  for (const [path, message] of Object.entries(sizeSpecs.problems))
    errors[formPath(path)] = message;
  if (Object.keys(errors).length > 0) return { errors };
  try {
    const checked = yup
      .object({ options: optionsField(), variants: variantsField(stock) })
      .test(variantsAgree)
      .test(compareAtAbovePrice)
      .validateSync({ options, variants }, { abortEarly: false });
    const variantsRead = (checked.variants ?? []).map((variant, index) => ({
      ...variant,
      specs: sizeSpecs.specs[index] ?? {},
    }));
    return {
      input: {
        options: (checked.options ?? []) as PartOption[],
        variants: variantsRead as NonNullable<PartEdit['variants']>,
      },
    };
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    for (const inner of error.inner.length > 0 ? error.inner : [error]) {
      errors[formPath(inner.path || 'variants')] ??= inner.message;
    }
    return { errors };
  }
}

/**
 * A product form's test of its options and variants (Add Product: `required` stock; Edit:
 * `optional`), with the API's rules, each refusal on its field. A form without options passes.
 */
export const variantsFormTest = (
  currency: string,
  stock: 'required' | 'optional',
  categories: readonly Category[],
) => ({
  name: 'variants',
  // Any form's object: its own fields are its schema's business; these two are read here.
  test: (value: object | undefined, context: yup.TestContext) => {
    const form: Partial<VariantFormValues> = value ?? {};
    if ((form.options?.length ?? 0) === 0 && (form.variantRows?.length ?? 0) === 0) return true;
    const converted = variantsFromForm(form, currency, stock, categories);
    if (!converted.errors) return true;
    return new yup.ValidationError(
      Object.entries(converted.errors).map(([path, message]) =>
        context.createError({ path, message }),
      ),
    );
  },
});

/** The product forms' specs as picked or typed, by key; '' is "not given". */
export interface SpecFormValues {
  specs: Record<string, string>;
}

/**
 * The form's specs of its category, read as POST/PATCH /parts store them (readPartSpecs); values
 * of another category's fields, left from a category picked before, are not sent.
 */
export function specsFromForm(
  specs: Record<string, string> | undefined,
  categoryId: unknown,
  categories: readonly Category[],
): SpecsReading {
  const category = typeof categoryId === 'string' ? categoryOf(categories, categoryId) : undefined;
  if (!category) return { specs: {}, problems: {} };
  const keys = new Set(categorySpecs(category).map((spec) => spec.key));
  const own = Object.entries(specs ?? {}).filter(([key]) => keys.has(key));
  return readPartSpecs(Object.fromEntries(own), category);
}

/** A product form's test of its specs with the API's rules, each refusal on its field. */
export const specsFormTest = (categories: readonly Category[]) => ({
  name: 'specs',
  // Any form's object: its category and specs are read here.
  test: (value: object | undefined, context: yup.TestContext) => {
    const form: Partial<SpecFormValues> & { category?: unknown } = value ?? {};
    const { problems } = specsFromForm(form.specs, form.category, categories);
    return Object.keys(problems).length === 0 ? true : specErrors(problems, context);
  },
});

/**
 * The pictures as the product forms keep them (docs/decisions/096): the main picture is the
 * original `img` field (typed or uploaded), with its alt text and the copies its upload answered;
 * the others follow in order.
 */
export interface PictureFormValues {
  /** The main picture's alt text; left empty, the part's name describes it. */
  imgAlt: string;
  /** The main picture's resized copies, with the address they were made of (a retyped address has none). */
  imgRenditions: { url: string; renditions: PictureRendition[] } | null;
  morePictures: PartPicture[];
}

/** The form's pictures as the API's `images`, the main one first. */
export function picturesFromForm(
  values: PictureFormValues & { img: string; productName: string },
): PartPicture[] {
  const url = values.img.trim();
  const copies = values.imgRenditions?.url === url ? values.imgRenditions.renditions : [];
  const main: PartPicture = {
    url,
    alt: values.imgAlt.trim() || values.productName.trim(),
    ...(copies.length > 0 && { renditions: copies }),
  };
  return [main, ...values.morePictures];
}

/** "[2].alt" of the list checked, as the form's field: the main picture's or one of the others. */
function pictureFormPath(path: string | undefined): string {
  const match = /^(?:images)?\[(\d+)\]\.?(.*)$/.exec(path ?? '');
  if (!match) return 'morePictures';
  const index = Number(match[1]);
  if (index === 0) return match[2] === 'alt' ? 'imgAlt' : 'img';
  return `morePictures[${index - 1}]${match[2] ? `.${match[2]}` : ''}`;
}

/** The product forms' pictures checked by the API's rule (`picturesField`), each error on its field. */
export const picturesFormTest = {
  name: 'pictures',
  test: (value: object | undefined, context: yup.TestContext) => {
    const form = (value ?? {}) as Partial<PictureFormValues> & {
      img?: string;
      productName?: string;
    };
    // An empty main address is the img field's own error.
    if (!form.img?.trim()) return true;
    const pictures = picturesFromForm({
      img: form.img,
      productName: form.productName ?? '',
      imgAlt: form.imgAlt ?? '',
      imgRenditions: form.imgRenditions ?? null,
      morePictures: form.morePictures ?? [],
    });
    try {
      picturesField().validateSync(pictures, { abortEarly: false });
      return true;
    } catch (error) {
      if (!(error instanceof yup.ValidationError)) throw error;
      return new yup.ValidationError(
        error.inner.map((inner) =>
          context.createError({ path: pictureFormPath(inner.path), message: inner.message }),
        ),
      );
    }
  },
};
