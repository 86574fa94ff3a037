import { describe, expect, it } from 'vitest';
import {
  amountExample,
  currencySymbol,
  entryDigits,
  formatAmount,
  formatMoney,
  minorUnitDigits,
  parseAmountToCents,
  plainMoney,
} from './money.js';

describe('money', () => {
  it('formats amounts in the currency’s own minor unit', () => {
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(199_999)).toBe('$1,999.99');
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(1250, 'EUR')).toBe('€12.50');
    expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
    expect(formatMoney(1250, 'jpy')).toBe('¥1,250');
    // Intl separates a currency code from the number with a no-break space.
    expect(formatMoney(12_500, 'BHD')).toBe('BHD\u00a012.500');
  });

  it('counts minor units as Stripe does', () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KWD')).toBe(3);
    // Whole krónur and forints, but Stripe still counts them in hundredths.
    expect(minorUnitDigits('ISK')).toBe(2);
    expect(formatMoney(125_000, 'ISK')).toBe('ISK\u00a01,250');
  });

  it('parses the amounts admins type in USD and EUR: up to two decimals', () => {
    for (const currency of ['USD', 'EUR']) {
      expect(parseAmountToCents('12.50', currency)).toBe(1250);
      expect(parseAmountToCents('12.5', currency)).toBe(1250);
      expect(parseAmountToCents('12', currency)).toBe(1200);
      expect(parseAmountToCents(' 0.07 ', currency)).toBe(7);
      expect(parseAmountToCents('12.505', currency)).toBeNull();
    }
    expect(parseAmountToCents('12.50')).toBe(1250);
  });

  it('parses JPY as whole yen: 1250 stores 1250, and decimals are refused', () => {
    expect(parseAmountToCents('1250', 'JPY')).toBe(1250);
    expect(parseAmountToCents(' 7 ', 'JPY')).toBe(7);
    expect(parseAmountToCents('12.50', 'JPY')).toBeNull();
    expect(parseAmountToCents('12.5', 'JPY')).toBeNull();
  });

  it('keeps whole-unit and three-decimal currencies within what Stripe accepts', () => {
    expect(parseAmountToCents('1250', 'ISK')).toBe(125_000);
    expect(parseAmountToCents('12.50', 'ISK')).toBeNull();
    // Three-decimal amounts must be multiples of ten, so admins type at most two decimals.
    expect(parseAmountToCents('12.5', 'BHD')).toBe(12_500);
    expect(parseAmountToCents('12.505', 'BHD')).toBeNull();
  });

  it('refuses amounts that are not plain decimals', () => {
    for (const currency of ['USD', 'EUR', 'JPY']) {
      for (const bad of ['', 'abc', '-1', '1e3', '12,50', '.5', '12.']) {
        expect(parseAmountToCents(bad, currency)).toBeNull();
      }
    }
  });

  it('gives an example amount and the sign for price fields', () => {
    expect(amountExample('USD')).toBe('12.50');
    expect(amountExample('EUR')).toBe('12.50');
    expect(amountExample('JPY')).toBe('1250');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('CHF')).toBe('CHF');
  });

  it('writes amounts as plain decimals with every minor digit, and reads them back exactly', () => {
    expect(formatAmount(1250)).toBe('12.50');
    expect(formatAmount(7, 'USD')).toBe('0.07');
    expect(formatAmount(0, 'EUR')).toBe('0.00');
    expect(formatAmount(100_000_000, 'USD')).toBe('1000000.00');
    expect(formatAmount(1250, 'JPY')).toBe('1250');
    expect(formatAmount(12_345, 'BHD')).toBe('12.345');
    expect(formatAmount(125_000, 'ISK')).toBe('1250.00');
    expect(formatAmount(-5, 'USD')).toBe('-0.05');
    for (const currency of ['USD', 'JPY', 'BHD', 'ISK']) {
      for (const cents of [1, 99, 1250, 12_345, 100_000_000]) {
        const digits = minorUnitDigits(currency);
        expect(parseAmountToCents(formatAmount(cents, currency), currency, digits)).toBe(cents);
      }
    }
    // As an admin types it, BHD takes two decimals; a file may carry the third.
    expect(parseAmountToCents('12.345', 'BHD')).toBeNull();
    expect(parseAmountToCents('12.345', 'BHD', 3)).toBe(12_345);
    // Never more decimals than the minor unit has.
    expect(parseAmountToCents('12.505', 'USD', 3)).toBeNull();
  });
});

describe('money written without Intl', () => {
  // Small, round, odd, large and negative amounts, and the same spread at random.
  const amounts = [
    0,
    -0,
    1,
    5,
    10,
    99,
    100,
    101,
    999,
    1000,
    1250,
    99_999,
    100_000,
    123_456,
    1_000_000,
    123_456_789,
    9_007_199_254_740_991,
    -1,
    -1250,
    -100_000,
    -123_456_789,
    ...Array.from({ length: 200 }, (_, i) => Math.round(Math.sin(i + 1) * 10 ** (i % 12))),
  ];

  it.each(['USD', 'EUR', 'GBP', 'usd'])(
    'writes %s exactly as Intl.NumberFormat en-US does',
    (code) => {
      const intl = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: code.toUpperCase(),
      });
      for (const cents of amounts) {
        expect(formatMoney(cents, code), String(cents)).toBe(intl.format(cents / 100));
        // Written without Intl, up to where Intl's own float division loses a cent.
        if (Math.abs(cents) < 1e15) expect(plainMoney(cents, code), String(cents)).toBeDefined();
      }
    },
  );

  it.each(['USD', 'EUR', 'GBP'])('gives %s the sign and the decimals Intl gives', (code) => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    expect(currencySymbol(code)).toBe(
      intl.formatToParts(0).find((part) => part.type === 'currency')?.value,
    );
    expect(entryDigits(code)).toBe(intl.resolvedOptions().maximumFractionDigits);
  });

  it('leaves every other currency, fractions of a cent and vast amounts to Intl', () => {
    expect(plainMoney(1250, 'JPY')).toBeUndefined();
    expect(plainMoney(1250, 'CHF')).toBeUndefined();
    expect(plainMoney(12.5, 'USD')).toBeUndefined();
    expect(plainMoney(1e15, 'USD')).toBeUndefined();
    expect(formatMoney(1250, 'CHF')).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CHF' }).format(12.5),
    );
  });
});
