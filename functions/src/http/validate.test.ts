/** The body check every writing endpoint runs: wrong types are a 422 per field, never a crash. */
import {
  addStockSchema,
  adminRoleSchema,
  deliverOrderSchema,
  paymentIntentSchema,
  reviewSchema,
} from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { check } from './validate.js';

/** Bodies as the API receives them: parsed from JSON text, so "__proto__" is an own key. */
const parsed = (json: string) => JSON.parse(json) as Record<string, unknown>;

const review = { partId: 'p1', review: 'Runs smoothly.', rating: 4 };

describe('check', () => {
  it.each([
    '{"toString":1}',
    '{"valueOf":1}',
    '{"toString":1,"valueOf":1}',
    '{"toString":"x"}',
    '{}',
    '[]',
    '[4]',
    '[[4]]',
    '1e400',
    '-1e400',
    '"Infinity"',
    '"-1e400"',
  ])('refuses %s in a number field with "Must be a number"', async (rating) => {
    const body = parsed(`{"partId":"p1","review":"Runs smoothly.","rating":${rating}}`);
    await expect(check(reviewSchema, body)).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { rating: 'Must be a number' },
    });
  });

  it.each(['{"toString":1}', '{"valueOf":true}', '[true]', '["false"]', '{}'])(
    'refuses %s in a boolean field with "Must be true or false"',
    async (value) => {
      await expect(
        check(deliverOrderSchema, parsed(`{"delivertext":${value}}`)),
      ).rejects.toMatchObject({
        code: 'validation_failed',
        fields: { delivertext: 'Must be true or false' },
      });
      await expect(check(adminRoleSchema, parsed(`{"admin":${value}}`))).rejects.toMatchObject({
        code: 'validation_failed',
        fields: { admin: 'Must be true or false' },
      });
    },
  );

  it('names every wrong field at once, beside the schema’s own messages', async () => {
    const body = parsed('{"orderId":{"toString":1},"totalPrice":[2500]}');
    await expect(check(paymentIntentSchema, body)).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { orderId: 'Must be text', totalPrice: 'Must be a number' },
    });
    await expect(
      check(addStockSchema, parsed('{"addQuantity":{"valueOf":1},"x":{}}')),
    ).rejects.toMatchObject({
      fields: { addQuantity: 'Must be a number' },
    });
  });

  it('leaves numbers and numeric text to the schema’s rules', async () => {
    await expect(check(reviewSchema, { ...review, rating: '5' })).resolves.toMatchObject({
      rating: 5,
    });
    await expect(check(reviewSchema, { ...review, rating: '1e3' })).rejects.toMatchObject({
      fields: { rating: 'Pick a rating from 1 to 5 stars' },
    });
    await expect(check(reviewSchema, { ...review, rating: 1e308 })).rejects.toMatchObject({
      fields: { rating: 'Pick a rating from 1 to 5 stars' },
    });
    await expect(check(reviewSchema, { ...review, rating: 'NaN' })).rejects.toMatchObject({
      fields: { rating: 'Rating must be a number' },
    });
    await expect(check(reviewSchema, { ...review, rating: -0 })).rejects.toMatchObject({
      fields: { rating: 'Pick a rating from 1 to 5 stars' },
    });
  });

  it('reads fields from the body itself, never from its prototype', async () => {
    const body = parsed(
      '{"__proto__":{"rating":4},"partId":"p1","review":"Fine","rating":{"__proto__":4}}',
    );
    await expect(check(reviewSchema, body)).rejects.toMatchObject({
      fields: { rating: 'Must be a number' },
    });
    const inherited = parsed('{"__proto__":{"rating":4,"review":"Fine"},"partId":"p1"}');
    await expect(check(reviewSchema, inherited)).rejects.toMatchObject({
      fields: { rating: 'Pick a rating', review: 'Review is required' },
    });
  });

  it('takes a body without an optional boolean, and true or false', async () => {
    await expect(check(adminRoleSchema, {})).resolves.toEqual({ admin: true });
    await expect(check(adminRoleSchema, { admin: false })).resolves.toEqual({ admin: false });
  });
});
