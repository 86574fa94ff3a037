/**
 * What the owner sets for shipping, tax and discount codes, and what a shopper adds to a checkout
 * (issue 25). The API and the dashboard's forms validate with these same schemas.
 */
import * as yup from 'yup';
import { amountExample, parseAmountToCents } from '../money.js';
import { PRICE_MAX_CENTS } from '../parts/part-rules.js';
import { isCountryCode } from '../pricing/countries.js';
import { atMost } from './text-limits.js';

export const SHIPPING_METHODS_MAX = 20;
export const TAX_RATES_MAX = 500;
export const REGION_MAX = 64;
export const DISCOUNT_CODE_MIN = 3;
export const DISCOUNT_CODE_MAX = 32;
const SHIPPING_NAME_MAX = 60;
const SHIPPING_ID_MAX = 40;
/** A percentage to thousandths (8.875): what priceLines keeps exactly. */
const hasAtMostThreeDecimals = (value: number | undefined) =>
  value === undefined || Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;

/** An amount in minor units: a whole number from 0 to the dearest part. */
const amount = (label: string) =>
  yup
    .number()
    .strict()
    .typeError(`${label} must be a number of minor units (cents)`)
    .integer(`${label} must be a whole number of minor units (cents)`)
    .min(0, `${label} cannot be negative`)
    .max(PRICE_MAX_CENTS, `${label} is too high`);

/**
 * An ISO 3166-1 alpha-2 country code, in either case ("us" is read as "US" where it is used).
 * Strict, as every field of these schemas: a value of another type is refused, never converted.
 */
export const countryField = () =>
  yup
    .string()
    .strict()
    .typeError('Country must be a two-letter code such as US')
    // Room for spaces around the two letters; the test below says what a country is.
    .max(8, 'Choose a country (a two-letter code such as US)')
    .test('iso-3166', 'Choose a country (a two-letter code such as US)', (value) =>
      value === undefined ? true : isCountryCode(value.trim().toUpperCase()),
    );

/** A region of a country (a state, a province): compared trimmed and in upper case. */
export const regionField = () =>
  yup
    .string()
    .strict()
    .typeError('Region must be text')
    .max(REGION_MAX, atMost('Region', REGION_MAX));

/** A discount code as typed: letters, digits, - and _, compared in upper case. */
export const discountCodeField = () =>
  yup
    .string()
    .strict()
    .typeError('Discount code must be text')
    .max(2 * DISCOUNT_CODE_MAX, atMost('Discount code', DISCOUNT_CODE_MAX))
    .test(
      'length',
      `A discount code has ${DISCOUNT_CODE_MIN} to ${DISCOUNT_CODE_MAX} characters`,
      (value) =>
        value === undefined ||
        value.trim() === '' ||
        (value.trim().length >= DISCOUNT_CODE_MIN && value.trim().length <= DISCOUNT_CODE_MAX),
    )
    .test(
      'characters',
      'A discount code has only letters, digits, - and _',
      (value) => value === undefined || /^[A-Za-z0-9_-]*$/.test(value.trim()),
    );

/** A shipping method's id as the checkout sends it back. */
export const shippingMethodIdField = () =>
  yup
    .string()
    .strict()
    .typeError('Shipping method must be text')
    .trim()
    .max(SHIPPING_ID_MAX, atMost('Shipping method', SHIPPING_ID_MAX))
    .matches(/^[A-Za-z0-9_-]+$/, {
      message: 'A shipping method id has only letters, digits, - and _',
      // '' is none chosen (the checkout page before the shop has methods).
      excludeEmptyString: true,
    });

export const shippingMethodSchema = yup.object({
  id: shippingMethodIdField().required('Each method needs an id'),
  name: yup
    .string()
    .strict()
    .typeError('Name must be text')
    .trim()
    .required('Each method needs a name')
    .max(SHIPPING_NAME_MAX, atMost('Name', SHIPPING_NAME_MAX)),
  price: amount('Price').required('Each method needs a price'),
  freeOver: amount('Free over').optional(),
  countries: yup
    .array()
    .strict()
    .typeError('Countries must be a list of two-letter codes')
    .of(countryField().required('Countries must be two-letter codes such as US'))
    .min(1, 'Leave countries out to ship everywhere')
    .optional()
    .test(
      'not-with-pickup',
      'A pickup is open to every shopper: leave countries out',
      (countries, context) => countries === undefined || context.parent?.pickup === undefined,
    ),
  /** The shop's place, for a method whose parts are collected there (docs/decisions/077). */
  pickup: yup
    .object({
      country: countryField().required('Say which country the shop is in'),
      region: regionField().optional(),
    })
    .strict()
    .typeError('Pickup must be the shop’s country and region')
    .default(undefined)
    .optional(),
});

/**
 * A list's test that no two rows share a key. Yup runs it beside the rows' own checks, so a row
 * that is not even an object (`[null]`) is left to those, which refuse it; it has no key here.
 */
const eachOnce =
  (keyOf: (row: Record<string, unknown>) => unknown) =>
  (rows: readonly unknown[] | undefined): boolean => {
    const keys = (rows ?? []).flatMap((row) => {
      const key =
        typeof row === 'object' && row !== null ? keyOf(row as Record<string, unknown>) : undefined;
      return typeof key === 'string' ? [key] : [];
    });
    return new Set(keys).size === keys.length;
  };

/** PUT /admin/shipping-methods: the whole list, each id once. */
export const shippingMethodsSchema = yup
  .array()
  .strict()
  .typeError('Send a list of shipping methods')
  .of(shippingMethodSchema.required())
  .max(SHIPPING_METHODS_MAX, `At most ${SHIPPING_METHODS_MAX} shipping methods`)
  .required('Send a list of shipping methods')
  .test(
    'each-id-once',
    'Each shipping method id may appear once',
    eachOnce((method) => method.id),
  );
export type ShippingMethodsInput = yup.InferType<typeof shippingMethodsSchema>;

const percentage = (label: string) =>
  yup
    .number()
    .strict()
    .typeError(`${label} must be a number (a percentage such as 7.25)`)
    .test('decimals', `${label} has at most three decimals`, hasAtMostThreeDecimals);

export const taxRateSchema = yup.object({
  country: countryField().required('Each rate needs a country'),
  region: regionField().optional(),
  rate: percentage('Rate')
    .required('Each rate needs a rate')
    .min(0, 'Rate cannot be negative')
    .max(100, 'Rate is at most 100'),
});

/** PUT /admin/tax: whether prices hold the tax, and one rate per country or region. */
export const taxSettingsSchema = yup.object({
  pricesIncludeTax: yup
    .boolean()
    .strict()
    .typeError('pricesIncludeTax must be true or false')
    .required('Say whether prices include tax (pricesIncludeTax)'),
  rates: yup
    .array()
    .strict()
    .typeError('Rates must be a list')
    .of(taxRateSchema.required())
    .max(TAX_RATES_MAX, `At most ${TAX_RATES_MAX} rates`)
    .required('Rates are required (an empty list for none)')
    .test(
      'each-place-once',
      'Each country and region may have one rate',
      eachOnce((row) =>
        typeof row.country === 'string'
          ? `${row.country.trim().toUpperCase()}/${typeof row.region === 'string' ? row.region.trim().toUpperCase() : ''}`
          : undefined,
      ),
    ),
});
export type TaxSettingsInput = yup.InferType<typeof taxSettingsSchema>;

/** A date and time, ISO 8601 ("2025-07-01" or "2025-07-01T00:00:00Z"). */
const dateTime = (label: string) =>
  yup
    .string()
    .strict()
    .typeError(`${label} must be a date such as 2025-07-01`)
    .trim()
    .max(40, `${label} must be a date such as 2025-07-01`)
    .test(
      'date',
      `${label} must be a date such as 2025-07-01`,
      (value) => value === undefined || value === '' || !Number.isNaN(Date.parse(value)),
    );

/** POST /admin/discounts, and the dashboard's Add code form. */
export const discountCodeSchema = yup.object({
  code: discountCodeField().required('Code is required'),
  type: yup
    .string()
    .strict()
    .typeError('Type must be percent or fixed')
    .max(7, 'Type must be percent or fixed')
    .oneOf(['percent', 'fixed'] as const, 'Type must be percent or fixed')
    .required('Type is required'),
  value: percentage('Value')
    .required('Value is required')
    .moreThan(0, 'Value must be more than 0')
    .when('type', ([type], schema) =>
      type === 'percent'
        ? schema.max(100, 'A percentage is at most 100')
        : schema
            .integer('An amount off is a whole number of minor units (cents)')
            .max(PRICE_MAX_CENTS, 'Value is too high'),
    ),
  minSubtotal: amount('Minimum subtotal').optional(),
  startsAt: dateTime('Starts at').optional(),
  endsAt: dateTime('Ends at')
    .optional()
    .test('after-start', 'Ends at must be after Starts at', (endsAt, context) => {
      const startsAt: unknown = context.parent.startsAt;
      return (
        !endsAt ||
        typeof startsAt !== 'string' ||
        !startsAt ||
        Date.parse(endsAt) > Date.parse(startsAt)
      );
    }),
  maxUses: yup
    .number()
    .strict()
    .typeError('Max uses must be a whole number')
    .integer('Max uses must be a whole number')
    .min(1, 'Max uses must be at least 1')
    .optional(),
  oncePerCustomer: yup
    .boolean()
    .strict()
    .typeError('oncePerCustomer must be true or false')
    .optional(),
});
export type DiscountCodeSchemaInput = yup.InferType<typeof discountCodeSchema>;

/**
 * What a checkout (and its quote) adds to the original body (issue 25 item 6). Each is optional
 * here; which of them an order needs depends on the shop's methods (deliveryOf, decision 077).
 */
export const checkoutPricingFields = {
  shippingMethodId: shippingMethodIdField().optional(),
  discountCode: discountCodeField().optional(),
  country: countryField().optional(),
  region: regionField().optional(),
};

/** The dashboard's Add code form as typed: text, and the once-per-customer box. */
export interface DiscountFormValues {
  code: string;
  type: 'percent' | 'fixed';
  /** A percentage ("10") or an amount in the shop currency ("5.00"). */
  value: string;
  minSubtotal: string;
  /** Dates as a date field gives them ("2025-07-01"), read as UTC midnight. */
  startsAt: string;
  endsAt: string;
  maxUses: string;
  oncePerCustomer: boolean;
}

/** A form's text read as an API body, or what is wrong with it, by field. */
export type FormConversion<Input> =
  { input: Input; errors?: undefined } | { errors: Record<string, string> };

/**
 * What a dashboard form saves: `send` of the body its text converted to, or `false` (nothing sent)
 * where it did not convert. The form's schema made the same conversion, so this is a guard only.
 */
export const sendConverted = <Input, Result>(
  converted: FormConversion<Input>,
  send: (input: Input) => Result,
): Result | false => (converted.errors ? false : send(converted.input));

/**
 * The form's values as POST /admin/discounts takes them: amounts in minor units of `currency`,
 * numbers as numbers, empty fields left out. Text that is no amount is an error of its field.
 */
export function discountFromForm(
  values: Partial<DiscountFormValues>,
  currency: string,
): FormConversion<DiscountCodeSchemaInput> {
  const errors: Record<string, string> = {};
  // Read defensively: formik may check a form before every field has a value.
  const text = (field: Exclude<keyof DiscountFormValues, 'oncePerCustomer' | 'type'>) =>
    (values[field] ?? '').trim();
  const amount = (field: 'value' | 'minSubtotal') => {
    const cents = parseAmountToCents(text(field), currency);
    if (cents === null) errors[field] = `Type an amount like ${amountExample(currency)}`;
    return cents ?? 0;
  };
  const number = (field: 'value' | 'maxUses') => {
    const parsed = Number(text(field));
    if (text(field) === '' || !Number.isFinite(parsed)) errors[field] = 'Type a number';
    return parsed;
  };
  const type = values.type === 'fixed' ? 'fixed' : 'percent';
  const input: DiscountCodeSchemaInput = {
    code: text('code'),
    type,
    value: type === 'fixed' ? amount('value') : number('value'),
  };
  if (text('minSubtotal')) input.minSubtotal = amount('minSubtotal');
  if (text('startsAt')) input.startsAt = text('startsAt');
  if (text('endsAt')) input.endsAt = text('endsAt');
  if (text('maxUses')) input.maxUses = number('maxUses');
  if (values.oncePerCustomer) input.oncePerCustomer = true;
  return Object.keys(errors).length > 0 ? { errors } : { input };
}

/**
 * A dashboard form's schema: its text converted to the API's body by `convert` and checked by the
 * API's own `schema`, each refusal on its field (a list's item on the list's one field), so the
 * form and the API keep one set of rules.
 */
function convertedFormSchema<Values, Input>(
  convert: (values: Partial<Values>) => FormConversion<Input>,
  schema: yup.AnySchema,
) {
  return yup.object().test('as-the-api-takes-it', 'Check the fields', (values, context) => {
    const converted = convert((values ?? {}) as Partial<Values>);
    const fail = (fields: Record<string, string>) =>
      new yup.ValidationError(
        Object.entries(fields).map(([path, message]) => context.createError({ path, message })),
      );
    if (converted.errors) return fail(converted.errors);
    try {
      schema.validateSync(converted.input, { abortEarly: false });
      return true;
    } catch (error) {
      if (!(error instanceof yup.ValidationError)) throw error;
      const fields: Record<string, string> = {};
      for (const inner of error.inner.length > 0 ? error.inner : [error]) {
        const field = (inner.path ?? '').replace(/\[\d+\].*$/, '');
        fields[field || 'form'] ??= inner.message;
      }
      return fail(fields);
    }
  });
}

/** The Add code form's schema (discountFromForm, then the API's discountCodeSchema). */
export const discountFormSchemaFor = (currency: string) =>
  convertedFormSchema<DiscountFormValues, DiscountCodeSchemaInput>(
    (values) => discountFromForm(values, currency),
    discountCodeSchema,
  );

type ShippingMethodInput = yup.InferType<typeof shippingMethodSchema>;

/** The dashboard's Add method form as typed. */
export interface ShippingMethodFormValues {
  id: string;
  name: string;
  price: string;
  freeOver: string;
  /** Two-letter codes separated by commas or spaces; empty for everywhere. */
  countries: string;
  /** The shop's place for a pickup; an empty country for a method that sends. */
  pickup: { country: string; region: string };
}

/** The Add method form's values as one method of PUT /admin/shipping-methods. */
export function shippingMethodFromForm(
  values: Partial<ShippingMethodFormValues>,
  currency: string,
): FormConversion<ShippingMethodInput> {
  const errors: Record<string, string> = {};
  const text = (field: Exclude<keyof ShippingMethodFormValues, 'pickup'>) =>
    (values[field] ?? '').trim();
  const amount = (field: 'price' | 'freeOver') => {
    const cents = parseAmountToCents(text(field), currency);
    if (cents === null) errors[field] = `Type an amount like ${amountExample(currency)}`;
    return cents ?? 0;
  };
  const countries = text('countries')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((code) => code.toUpperCase());
  const input: ShippingMethodInput = { id: text('id'), name: text('name'), price: amount('price') };
  if (text('freeOver')) input.freeOver = amount('freeOver');
  if (countries.length > 0) input.countries = countries;
  const pickupCountry = (values.pickup?.country ?? '').trim().toUpperCase();
  const pickupRegion = (values.pickup?.region ?? '').trim().toUpperCase();
  if (pickupCountry) {
    input.pickup = { country: pickupCountry, ...(pickupRegion && { region: pickupRegion }) };
  } else if (pickupRegion) errors['pickup.country'] = 'Say which country the shop is in';
  return Object.keys(errors).length > 0 ? { errors } : { input };
}

/** The Add method form's schema (shippingMethodFromForm, then the API's shippingMethodSchema). */
export const shippingMethodFormSchemaFor = (currency: string) =>
  convertedFormSchema<ShippingMethodFormValues, ShippingMethodInput>(
    (values) => shippingMethodFromForm(values, currency),
    shippingMethodSchema,
  );

type TaxRateInput = yup.InferType<typeof taxRateSchema>;

/** The dashboard's Add rate form as typed. */
export interface TaxRateFormValues {
  country: string;
  region: string;
  rate: string;
}

/** The Add rate form's values as one row of PUT /admin/tax. */
export function taxRateFromForm(values: Partial<TaxRateFormValues>): FormConversion<TaxRateInput> {
  const country = (values.country ?? '').trim().toUpperCase();
  const region = (values.region ?? '').trim().toUpperCase();
  const rateText = (values.rate ?? '').trim();
  const rate = Number(rateText);
  if (rateText === '' || !Number.isFinite(rate)) {
    return { errors: { rate: 'Type a percentage such as 7.25' } };
  }
  return { input: { country, rate, ...(region && { region }) } };
}

/** The Add rate form's schema (taxRateFromForm, then the API's taxRateSchema). */
export const taxRateFormSchema = convertedFormSchema<TaxRateFormValues, TaxRateInput>(
  taxRateFromForm,
  taxRateSchema,
);
