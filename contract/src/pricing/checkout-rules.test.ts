import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money.js';
import { COUNTRY_CODES, isCountryCode } from './countries.js';
import { discountRefusal, type DiscountCode } from './discounts.js';
import {
  cheapestShipping,
  deliveryOf,
  deliveryRequestOf,
  shippingOptions,
  type ShippingMethod,
} from './shipping.js';
import { taxRateFor } from './tax.js';

describe('countries', () => {
  it('knows the 249 assigned ISO 3166-1 alpha-2 codes, each once', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
  });
});

const methods: ShippingMethod[] = [
  { id: 'standard', name: 'Standard', price: 599, freeOver: 10_000 },
  { id: 'express', name: 'Express', price: 1499 },
  { id: 'pickup', name: 'Pick up in the shop', price: 0, countries: ['US'] },
];

describe('shipping', () => {
  it('offers the methods that go to the country, priced for the goods', () => {
    expect(shippingOptions(methods, 12_000, 'DE')).toEqual([
      { id: 'standard', name: 'Standard', price: 0 },
      { id: 'express', name: 'Express', price: 1499 },
    ]);
  });

  it('estimates the cheapest, among all methods while the country is unknown', () => {
    expect(cheapestShipping(methods, 500)?.id).toBe('pickup');
    expect(cheapestShipping(methods, 500, 'DE')?.id).toBe('standard');
    expect(cheapestShipping([], 500)).toBeUndefined();
  });
});

describe('deliveryOf', () => {
  const shop: ShippingMethod[] = [
    ...methods,
    { id: 'collect', name: 'Collect', price: 0, pickup: { country: 'US', region: 'CA' } },
  ];
  const where = (fields: Record<string, string>) => deliveryOf(shop, deliveryRequestOf(fields));

  it('sends to the country given, by a method that goes there', () => {
    expect(where({ shippingMethodId: 'express', country: ' de', region: 'by ' })).toEqual({
      delivery: { method: methods[1], place: { country: 'DE', region: 'BY' } },
    });
    expect(where({ shippingMethodId: 'pickup', country: 'DE' }).refusal).toEqual({
      shippingMethodId: 'Pick up in the shop does not deliver to DE',
    });
  });

  it('needs a country for what is sent, and a method where the shop has some', () => {
    expect(where({ shippingMethodId: 'standard', region: 'CA' }).refusal).toEqual({
      country: 'Choose a country',
    });
    expect(where({ country: '' }).refusal).toEqual({
      shippingMethodId: 'Choose one of the shipping methods offered',
      country: 'Choose a country',
    });
    expect(deliveryOf([], { country: 'FR' })).toEqual({ delivery: { place: { country: 'FR' } } });
    expect(deliveryOf([], {}).refusal).toEqual({ country: 'Choose a country' });
  });

  it('takes a pickup to the shop’s place, wherever the shopper is', () => {
    expect(where({ shippingMethodId: 'collect' }).refusal).toBeUndefined();
    expect(where({ shippingMethodId: 'collect', country: 'FR' })).toEqual({
      delivery: { method: shop[3], place: { country: 'US', region: 'CA' } },
    });
    expect(shippingOptions(shop, 500, 'FR').map((option) => option.id)).toEqual([
      'standard',
      'express',
      'collect',
    ]);
  });
});

describe('taxRateFor', () => {
  const settings = {
    pricesIncludeTax: false,
    rates: [
      { country: 'US', rate: 0 },
      { country: 'US', region: 'CA', rate: 7.25 },
      { country: 'DE', rate: 19 },
    ],
  };
  it('takes the region’s rate, else the country’s, else none', () => {
    expect(taxRateFor(settings, 'US', 'ca')).toBe(7.25);
    expect(taxRateFor(settings, 'US', 'NY')).toBe(0);
    expect(taxRateFor(settings, 'DE', 'BY')).toBe(19);
    expect(taxRateFor(settings, 'FR', undefined)).toBe(0);
    expect(taxRateFor(settings, undefined, undefined)).toBe(0);
  });
});

describe('discountRefusal', () => {
  const code: DiscountCode = {
    code: 'SPRING',
    type: 'percent',
    value: 10,
    minSubtotal: 5000,
    startsAt: '2025-03-01T00:00:00.000Z',
    endsAt: '2025-06-01T00:00:00.000Z',
    maxUses: 5,
    oncePerCustomer: true,
    uses: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
  const order = (changes: Partial<Parameters<typeof discountRefusal>[2]> = {}) => ({
    subtotal: 6000,
    now: new Date('2025-04-01T00:00:00Z'),
    formatAmount: (amount: number) => formatMoney(amount, 'USD'),
    ...changes,
  });

  it('applies within its terms', () => {
    expect(discountRefusal(code, 'spring', order())).toBeNull();
  });

  it('says in plain words why it does not apply', () => {
    expect(discountRefusal(null, 'sprnig', order())).toEqual({
      reason: 'unknown',
      status: 422,
      message: 'There is no discount code SPRNIG. Check how it is spelt.',
    });
    expect(discountRefusal(code, 'spring', order({ now: new Date('2025-02-01') }))?.message).toBe(
      'The code SPRING can be used from Mar 1, 2025.',
    );
    expect(discountRefusal(code, 'spring', order({ now: new Date('2025-07-01') }))?.message).toBe(
      'The code SPRING ended on Jun 1, 2025.',
    );
    expect(discountRefusal(code, 'spring', order({ subtotal: 4000 }))?.message).toBe(
      'The code SPRING needs a subtotal of at least $50.00: add $10.00 more to use it.',
    );
    expect(discountRefusal({ ...code, uses: 5 }, 'spring', order())).toMatchObject({
      status: 409,
      message: 'The code SPRING has been used up.',
    });
    expect(discountRefusal(code, 'spring', order({ usedByCustomer: true }))).toMatchObject({
      status: 409,
      message: 'You have already used the code SPRING.',
    });
  });
});
