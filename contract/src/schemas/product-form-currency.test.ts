import { describe, expect, it } from 'vitest';
import { productFormSchemaFor } from './part.js';

const product = {
  productName: 'Halden Carbon Seatpost',
  img: '/parts/halden-carbon-seatpost.svg',
  order: '2',
  quantity: '40',
  description: 'A 27.2 mm carbon seatpost with a two-bolt clamp.',
};

const errorOf = (currency: string, price: string): string | null => {
  try {
    productFormSchemaFor(currency).validateSyncAt('price', { ...product, price });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the Add Product price in the shop currency', () => {
  it('takes up to two decimals in USD and EUR', () => {
    for (const currency of ['USD', 'EUR']) {
      expect(errorOf(currency, '12.50')).toBeNull();
      expect(errorOf(currency, '12.505')).toBe('Price per unit must be a number like 12.50');
      expect(errorOf(currency, '0.00')).toBe('Price must be more than zero');
    }
  });

  it('takes whole yen in JPY', () => {
    expect(errorOf('JPY', '1250')).toBeNull();
    expect(errorOf('JPY', '12.50')).toBe('Price per unit must be a number like 1250');
    expect(errorOf('JPY', '0')).toBe('Price must be more than zero');
  });
});
