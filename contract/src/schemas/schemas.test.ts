import { describe, expect, it } from 'vitest';
import { profileSchema } from './profile.js';
import { purchaseSchema, INVALID_INPUT } from './order.js';
import { productFormSchema } from './part.js';
import { reviewSchema } from './review.js';

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
