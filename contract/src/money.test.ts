import { describe, expect, it } from 'vitest';
import { formatMoney, lineTotal, parseAmountToCents } from './money.js';

describe('money', () => {
  it('formats cents in the shop currency', () => {
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(199_999)).toBe('$1,999.99');
    expect(formatMoney(1250, 'EUR')).toBe('€12.50');
  });

  it('parses the decimal amounts admins type into cents', () => {
    expect(parseAmountToCents('12.50')).toBe(1250);
    expect(parseAmountToCents('12.5')).toBe(1250);
    expect(parseAmountToCents('12')).toBe(1200);
    expect(parseAmountToCents(' 0.07 ')).toBe(7);
  });

  it('refuses amounts that are not plain decimals with at most two places', () => {
    for (const bad of ['', 'abc', '12.345', '-1', '1e3', '12,50']) {
      expect(parseAmountToCents(bad)).toBeNull();
    }
  });

  it('computes an order line total in cents without floating point drift', () => {
    expect(lineTotal(1999, 3)).toBe(5997);
  });
});
