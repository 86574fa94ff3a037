import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../config/env.js';

/** lib/money.ts as a shop selling in `currency` loads it (it reads the currency once). */
async function moneyIn(currency: string) {
  vi.resetModules();
  vi.doMock('../config/env.js', () => ({ env: { ...env, shopCurrency: currency } }));
  return import('./money.js');
}

afterEach(() => {
  vi.doUnmock('../config/env.js');
});

describe('money on screen', () => {
  it('uses the currency the tests build with (VITE_SHOP_CURRENCY=USD)', async () => {
    const { formatPrice, currencySign } = await import('./money.js');
    expect(formatPrice(1250)).toBe('$12.50');
    expect(currencySign).toBe('$');
  });

  it('shows and reads USD with two decimals', async () => {
    const money = await moneyIn('USD');
    expect(money.formatPrice(123456)).toBe('$1,234.56');
    expect(money.parsePrice('12.50')).toBe(1250);
    expect(money.priceExample).toBe('12.50');
  });

  it('shows and reads EUR with two decimals', async () => {
    const money = await moneyIn('EUR');
    expect(money.formatPrice(1250)).toBe('€12.50');
    expect(money.currencySign).toBe('€');
    expect(money.parsePrice('12.5')).toBe(1250);
    expect(money.parsePrice('12.505')).toBeNull();
  });

  it('shows and reads JPY in whole yen: 1250 is ¥1,250', async () => {
    const money = await moneyIn('JPY');
    expect(money.formatPrice(1250)).toBe('¥1,250');
    expect(money.currencySign).toBe('¥');
    expect(money.parsePrice('1250')).toBe(1250);
    expect(money.parsePrice('12.50')).toBeNull();
    expect(money.priceExample).toBe('1250');
  });
});
