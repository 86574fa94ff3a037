import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import * as contract from '../index.js';
import { contactSchema } from './contact.js';
import { CGPA_MAX, profileSchema } from './profile.js';
import {
  ADDRESS_MAX,
  confirmPaymentSchema,
  INVALID_INPUT,
  ORDER_TOTAL_MAX_CENTS,
  paymentIntentSchema,
  placeOrderSchema,
  purchaseSchema,
  simulatedConfirmSchema,
} from './order.js';
import {
  addStockSchema,
  partSchema,
  productFormSchema,
  productFormSchemaFor,
  setStockSchema,
} from './part.js';
import { PRICE_TEXT_MAX } from '../parts/part-rules.js';
import { reviewSchema } from './review.js';
import { atMost, EMAIL_MAX, ID_MAX, NAME_MAX, URL_MAX } from './text-limits.js';

const validPurchase = {
  partName: 'Chain',
  userName: 'Ada Rider',
  email: 'ada@example.com',
  address: '1 Spoke Street',
  number: '0123456',
  orderQuantity: 2,
};

const errorsOf = (fn: () => unknown): string[] => {
  try {
    fn();
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('purchase schema', () => {
  const schema = purchaseSchema({ min: 2, max: 10 });

  it('accepts phone numbers of 6 to 15 characters and refuses 5 and 16', () => {
    expect(schema.isValidSync({ ...validPurchase, number: '123456' })).toBe(true);
    expect(schema.isValidSync({ ...validPurchase, number: '123456789012345' })).toBe(true);
    expect(errorsOf(() => schema.validateSync({ ...validPurchase, number: '12345' }))).toEqual([
      INVALID_INPUT,
    ]);
    expect(schema.isValidSync({ ...validPurchase, number: '1234567890123456' })).toBe(false);
  });

  it('keeps the quantity within the minimum order and the stock', () => {
    expect(schema.isValidSync({ ...validPurchase, orderQuantity: 2 })).toBe(true);
    expect(schema.isValidSync({ ...validPurchase, orderQuantity: 10 })).toBe(true);
    expect(errorsOf(() => schema.validateSync({ ...validPurchase, orderQuantity: 1 }))).toEqual([
      'Order at least 2',
    ]);
    expect(errorsOf(() => schema.validateSync({ ...validPurchase, orderQuantity: 11 }))).toEqual([
      'Only 10 available',
    ]);
    expect(schema.isValidSync({ ...validPurchase, orderQuantity: 2.5 })).toBe(false);
  });

  it('requires an address', () => {
    expect(errorsOf(() => schema.validateSync({ ...validPurchase, address: ' ' }))).toEqual([
      INVALID_INPUT,
    ]);
  });
});

describe('review schema', () => {
  const review = { productName: 'Chain', img: '/parts/chain.svg', review: 'Smooth.' };
  it('takes whole ratings from 1 to 5 only', () => {
    expect(reviewSchema.isValidSync({ ...review, rating: 1 })).toBe(true);
    expect(reviewSchema.isValidSync({ ...review, rating: 5 })).toBe(true);
    for (const rating of [0, 6, 2.5]) {
      expect(reviewSchema.isValidSync({ ...review, rating })).toBe(false);
    }
  });
});

describe('product form schema', () => {
  const product = {
    productName: 'Chain',
    img: '/parts/chain.svg',
    order: '1',
    quantity: '5',
    description: 'A chain.',
  };
  it('takes prices as decimals with at most two places', () => {
    expect(productFormSchema.isValidSync({ ...product, price: '12.50' })).toBe(true);
    expect(productFormSchema.isValidSync({ ...product, price: '12.505' })).toBe(false);
    expect(productFormSchema.isValidSync({ ...product, price: '0' })).toBe(false);
  });
});

describe('profile schema', () => {
  it('requires degree, CGPA, address, a numeric contact number and a LinkedIn link', () => {
    const profile = {
      degree: 'BSc',
      cgpa: '3.8',
      address: 'Dhaka',
      number: '0123456789',
      linkedin: 'https://www.linkedin.com/in/ada',
    };
    expect(profileSchema.isValidSync(profile)).toBe(true);
    expect(profileSchema.isValidSync({ ...profile, number: '01234abc' })).toBe(false);
    expect(profileSchema.isValidSync({ ...profile, linkedin: '' })).toBe(false);
  });
});

describe('text limits', () => {
  const isObjectSchema = (value: unknown): value is yup.AnyObjectSchema =>
    value instanceof yup.ObjectSchema;
  /** Every object schema the contract exports, and the ones it builds from settings. */
  const objectSchemas: [string, yup.AnyObjectSchema][] = [
    ...Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
      isObjectSchema(value) ? [[name, value] as [string, yup.AnyObjectSchema]] : [],
    ),
    ['purchaseSchema(limits)', purchaseSchema({ min: 1, max: 5 })],
    ['productFormSchemaFor(JPY)', productFormSchemaFor('JPY')],
  ];

  it('finds the shared schemas', () => {
    expect(objectSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['contactSchema', 'placeOrderSchema', 'profileSchema', 'partSchema']),
    );
  });

  it.each(objectSchemas)('every text field of %s has a maximum length', (_name, schema) => {
    const fields = Object.entries(schema.describe().fields);
    const unbounded = fields
      .filter(([, field]) => field.type === 'string')
      .filter(([, field]) => !('tests' in field && field.tests.some((test) => test.name === 'max')))
      .map(([name]) => name);
    expect(unbounded).toEqual([]);
  });

  const text = (length: number) => 'x'.repeat(length);
  const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
  const url = (length: number) => `https://example.com/${'x'.repeat(length - 20)}`;

  const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Brakes', message: 'Hello' };
  const purchase = {
    partName: 'Chain',
    userName: 'Ada Rider',
    email: 'ada@example.com',
    address: '1 Spoke Street',
    number: '0123456',
    orderQuantity: 2,
  };
  const card = { clientSecret: 'pi_1_secret_2', cardNumber: '4242424242424242', cvc: '123' };
  const productForm = {
    productName: 'Chain',
    img: '/parts/chain.svg',
    order: '1',
    quantity: '5',
    description: 'A chain.',
    price: '12.50',
  };
  const profile = {
    displayName: 'Ada',
    photoURL: 'https://example.com/ada.png',
    degree: 'BSc',
    cgpa: '3.8',
    address: 'Dhaka',
    number: '0123456789',
    linkedin: 'https://www.linkedin.com/in/ada',
  };

  const limits: {
    form: string;
    schema: yup.AnyObjectSchema;
    valid: Record<string, unknown>;
    field: string;
    /** A valid value of the given length. */
    valueOf: (length: number) => string;
    max: number;
    message: string;
  }[] = [
    {
      form: 'contact',
      schema: contactSchema,
      valid: contact,
      field: 'name',
      valueOf: text,
      max: NAME_MAX,
      message: atMost('Name', NAME_MAX),
    },
    {
      form: 'contact',
      schema: contactSchema,
      valid: contact,
      field: 'email',
      valueOf: email,
      max: EMAIL_MAX,
      message: atMost('Email', EMAIL_MAX),
    },
    {
      form: 'contact',
      schema: contactSchema,
      valid: contact,
      field: 'subject',
      valueOf: text,
      max: 200,
      message: atMost('Subject', 200),
    },
    {
      form: 'contact',
      schema: contactSchema,
      valid: contact,
      field: 'message',
      valueOf: text,
      max: 5000,
      message: atMost('Message', 5000),
    },
    {
      form: 'purchase',
      schema: purchaseSchema(),
      valid: purchase,
      field: 'partName',
      valueOf: text,
      max: 120,
      message: atMost('Product name', 120),
    },
    {
      form: 'purchase',
      schema: purchaseSchema(),
      valid: purchase,
      field: 'userName',
      valueOf: text,
      max: NAME_MAX,
      message: atMost('Full name', NAME_MAX),
    },
    {
      form: 'purchase',
      schema: purchaseSchema(),
      valid: purchase,
      field: 'email',
      valueOf: email,
      max: EMAIL_MAX,
      message: atMost('Email', EMAIL_MAX),
    },
    {
      form: 'purchase',
      schema: purchaseSchema(),
      valid: purchase,
      field: 'address',
      valueOf: text,
      max: ADDRESS_MAX,
      message: INVALID_INPUT,
    },
    {
      form: 'order',
      schema: placeOrderSchema,
      valid: { ...purchase, partId: 'p1' },
      field: 'partId',
      valueOf: text,
      max: ID_MAX,
      message: atMost('Part', ID_MAX),
    },
    {
      form: 'confirm payment',
      schema: confirmPaymentSchema,
      valid: { transactionId: 'pi_1' },
      field: 'transactionId',
      valueOf: text,
      max: 255,
      message: atMost('Transaction id', 255),
    },
    {
      form: 'confirm payment',
      schema: confirmPaymentSchema,
      valid: { transactionId: 'pi_1' },
      field: 'partId',
      valueOf: text,
      max: ID_MAX,
      message: atMost('Part', ID_MAX),
    },
    {
      form: 'payment intent',
      schema: paymentIntentSchema,
      valid: { orderId: 'o1' },
      field: 'orderId',
      valueOf: text,
      max: ID_MAX,
      message: atMost('Order', ID_MAX),
    },
    {
      form: 'card',
      schema: simulatedConfirmSchema,
      valid: card,
      field: 'clientSecret',
      valueOf: text,
      max: 255,
      message: atMost('Client secret', 255),
    },
    {
      form: 'card',
      schema: simulatedConfirmSchema,
      valid: card,
      field: 'cardNumber',
      valueOf: text,
      max: 32,
      message: atMost('Card number', 32),
    },
    {
      form: 'card',
      schema: simulatedConfirmSchema,
      valid: card,
      field: 'cvc',
      valueOf: text,
      max: 8,
      message: atMost('Security code', 8),
    },
    {
      form: 'card',
      schema: simulatedConfirmSchema,
      valid: card,
      field: 'billingName',
      valueOf: text,
      max: NAME_MAX,
      message: atMost('Name on card', NAME_MAX),
    },
    {
      form: 'card',
      schema: simulatedConfirmSchema,
      valid: card,
      field: 'billingEmail',
      valueOf: email,
      max: EMAIL_MAX,
      message: atMost('Email', EMAIL_MAX),
    },
    {
      form: 'product',
      schema: productFormSchema,
      valid: productForm,
      field: 'price',
      valueOf: (length) => `${'0'.repeat(length - 4)}1.50`,
      max: PRICE_TEXT_MAX,
      message: atMost('Price per unit', PRICE_TEXT_MAX),
    },
    {
      form: 'profile',
      schema: profileSchema,
      valid: profile,
      field: 'displayName',
      valueOf: text,
      max: NAME_MAX,
      message: atMost('Name', NAME_MAX),
    },
    {
      form: 'profile',
      schema: profileSchema,
      valid: profile,
      field: 'photoURL',
      valueOf: url,
      max: URL_MAX,
      message: atMost('Image URL', URL_MAX),
    },
    {
      form: 'profile',
      schema: profileSchema,
      valid: profile,
      field: 'degree',
      valueOf: text,
      max: NAME_MAX,
      message: atMost('Degree', NAME_MAX),
    },
    {
      form: 'profile',
      schema: profileSchema,
      valid: profile,
      field: 'cgpa',
      valueOf: (length) => `${'1'.repeat(length - 3)}.00`,
      max: CGPA_MAX,
      message: atMost('CGPA', CGPA_MAX),
    },
    {
      form: 'profile',
      schema: profileSchema,
      valid: profile,
      field: 'address',
      valueOf: text,
      max: ADDRESS_MAX,
      message: atMost('Address', ADDRESS_MAX),
    },
    {
      form: 'profile',
      schema: profileSchema,
      valid: profile,
      field: 'number',
      valueOf: (length) => '1'.repeat(length),
      max: 15,
      message: 'Contact number must be 6 to 15 digits',
    },
    {
      form: 'profile',
      schema: profileSchema,
      valid: profile,
      field: 'linkedin',
      valueOf: url,
      max: URL_MAX,
      message: atMost('LinkedIn link', URL_MAX),
    },
  ];

  it.each(limits)(
    '$form: $field takes $max characters at most',
    ({ schema, valid, field, valueOf, max, message }) => {
      expect(errorsOf(() => schema.validateSync({ ...valid, [field]: valueOf(max) }))).toEqual([]);
      const tooLong = { ...valid, [field]: valueOf(max + 1) };
      expect(errorsOf(() => schema.validateSync(tooLong, { abortEarly: false }))).toContain(
        message,
      );
    },
  );
});

describe('number limits', () => {
  const bounded: { form: string; schema: yup.AnyObjectSchema; field: string }[] = [
    { form: 'purchase', schema: purchaseSchema(), field: 'orderQuantity' },
    { form: 'part', schema: partSchema, field: 'price' },
    { form: 'part', schema: partSchema, field: 'order' },
    { form: 'part', schema: partSchema, field: 'quantity' },
    { form: 'add stock', schema: addStockSchema, field: 'addQuantity' },
    { form: 'set stock', schema: setStockSchema, field: 'deliveredQuantity' },
    { form: 'review', schema: reviewSchema, field: 'rating' },
    { form: 'payment intent', schema: paymentIntentSchema, field: 'totalPrice' },
  ];

  it.each(bounded)('$form: $field refuses 1e308 and -1e308', ({ schema, field }) => {
    for (const value of [1e308, -1e308]) {
      expect(() => schema.validateSyncAt(field, { [field]: value })).toThrow();
    }
  });

  it('takes a total price in whole cents up to the dearest possible order', () => {
    const intent = (totalPrice: number) => ({ orderId: 'o1', totalPrice });
    expect(paymentIntentSchema.isValidSync(intent(2599))).toBe(true);
    expect(paymentIntentSchema.isValidSync(intent(ORDER_TOTAL_MAX_CENTS))).toBe(true);
    expect(
      errorsOf(() => paymentIntentSchema.validateSync(intent(ORDER_TOTAL_MAX_CENTS + 1))),
    ).toEqual(['Total price is too high']);
    expect(errorsOf(() => paymentIntentSchema.validateSync(intent(25.99)))).toEqual([
      'Total price must be a whole number of cents',
    ]);
    expect(paymentIntentSchema.isValidSync({ orderId: 'o1' })).toBe(true);
  });
});
