import { describe, expect, it } from 'vitest';
import { currencySign, formatPrice } from './money.js';

// The tests build with VITE_SHOP_CURRENCY=USD (web/vite.config.ts).
describe('money on screen', () => {
  it('formats cents in the shop currency', () => {
    expect(formatPrice(1250)).toBe('$12.50');
    expect(formatPrice(123456)).toBe('$1,234.56');
  });

  it("gives the currency's sign for price inputs", () => {
    expect(currencySign).toBe('$');
  });
});
