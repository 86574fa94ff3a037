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

describe('priceText', () => {
  it('writes cents as a price field shows them, and parsePrice reads them back', async () => {
    const usd = await moneyIn('USD');
    expect(usd.priceText(1250)).toBe('12.50');
    expect(usd.priceText(1205)).toBe('12.05');
    expect(usd.priceText(5)).toBe('0.05');
    expect(usd.priceText(0)).toBe('0.00');
    for (const cents of [1, 99, 1250, 100_000_000]) {
      expect(usd.parsePrice(usd.priceText(cents))).toBe(cents);
    }
    const jpy = await moneyIn('JPY');
    expect(jpy.priceText(1250)).toBe('1250');
  });
});
