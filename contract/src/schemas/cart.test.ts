import { describe, expect, it } from 'vitest';
import { CART_LINES_MAX, cartMergeSchema, cartQuantitySchema, checkoutSchema } from './cart.js';
import { refundOrderSchema, shipOrderSchema } from './order-lifecycle.js';
import { savedAddressSchema } from './saved-address.js';

const where = { address: '1 Spoke Street', number: '5550100' };
const item = (partId: string, quantity: unknown = 1) => ({ partId, quantity });

/** The messages of a failed check, or [] when it passes. */
async function errorsOf(
  schema: { validate(value: unknown, options: object): Promise<unknown> },
  value: unknown,
) {
  try {
    await schema.validate(value, { abortEarly: false, strict: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('checkoutSchema', () => {
  it('takes lines, an address and a phone number, and saveAddress if given', async () => {
    expect(await errorsOf(checkoutSchema, { items: [item('p1', 2)], ...where })).toEqual([]);
    expect(
      await errorsOf(checkoutSchema, { items: [item('p1')], ...where, saveAddress: true }),
    ).toEqual([]);
  });

  it('refuses an empty cart, the same part twice, and more than the cart holds', async () => {
    expect(await errorsOf(checkoutSchema, { items: [], ...where })).toEqual([
      'The cart is empty: add a part before checking out',
    ]);
    expect(
      await errorsOf(checkoutSchema, { items: [item('p1'), item('p1', 2)], ...where }),
    ).toEqual(['Each part (and variant) may appear once']);
    const tooMany = Array.from({ length: CART_LINES_MAX + 1 }, (_, i) => item(`p${i}`));
    expect(await errorsOf(checkoutSchema, { items: tooMany, ...where })).toEqual([
      `At most ${CART_LINES_MAX} different parts at once`,
    ]);
  });

  it('converts nothing inside the lines: text and objects are refused, never coerced', async () => {
    expect(await errorsOf(checkoutSchema, { items: [item('p1', '2')], ...where })).toEqual([
      'Quantity must be a number',
    ]);
    expect(
      await errorsOf(checkoutSchema, {
        items: [{ partId: { toString: 1 }, quantity: { valueOf: 1, toString: 1 } }],
        ...where,
      }),
    ).toEqual(['Part must be text', 'Quantity must be a number']);
    expect(await errorsOf(checkoutSchema, { items: [7], ...where })).toEqual([
      'Each item must be an object with a partId and a quantity',
    ]);
    expect(await errorsOf(checkoutSchema, { items: 'all of it', ...where })).toEqual([
      'Items must be a list',
    ]);
  });

  it('checks address and phone as the purchase form does', async () => {
    expect(
      await errorsOf(checkoutSchema, { items: [item('p1')], address: '', number: '1' }),
    ).toEqual(['invalid input', 'invalid input']);
  });
});

describe('the cart, the lifecycle and the address book', () => {
  it('quantities are whole numbers from 1', async () => {
    expect(await errorsOf(cartQuantitySchema, { quantity: 3 })).toEqual([]);
    expect(await errorsOf(cartQuantitySchema, { quantity: 0 })).toEqual([
      'Quantity must be at least 1',
    ]);
    expect(await errorsOf(cartMergeSchema, { items: [item('a.b')] })).toEqual(['Not a valid part']);
  });

  it('shipping needs a carrier and a tracking number; a refund says whether to restock', async () => {
    expect(
      await errorsOf(shipOrderSchema, { carrier: 'DHL', trackingNumber: 'JD014600003828475093' }),
    ).toEqual([]);
    expect(await errorsOf(shipOrderSchema, {})).toEqual([
      'Carrier is required',
      'Tracking number is required',
    ]);
    expect(await errorsOf(refundOrderSchema, { restock: false })).toEqual([]);
    expect(await errorsOf(refundOrderSchema, {})).toEqual([
      'Say whether the stock goes back on the shelf',
    ]);
  });

  it('the saved address has a name besides the order form fields', async () => {
    expect(await errorsOf(savedAddressSchema, { name: 'Ada', ...where })).toEqual([]);
    expect(await errorsOf(savedAddressSchema, where)).toEqual(['Name is required']);
  });
});
