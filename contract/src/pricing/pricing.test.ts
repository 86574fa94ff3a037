import { describe, expect, it } from 'vitest';
import { priceLines } from './pricing.js';

describe('priceLines', () => {
  it('totals each line and the whole in minor units, without floating point drift', () => {
    const priced = priceLines([
      { partId: 'chain', price: 1999, quantity: 3 },
      { partId: 'tape', price: 10, quantity: 7 },
    ]);
    expect(priced).toEqual({
      lines: [
        { partId: 'chain', price: 1999, quantity: 3, lineTotal: 5997 },
        { partId: 'tape', price: 10, quantity: 7, lineTotal: 70 },
      ],
      itemCount: 10,
      subtotal: 6067,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 6067,
    });
  });

  it('prices nothing as zero', () => {
    expect(priceLines([])).toEqual({
      lines: [],
      itemCount: 0,
      subtotal: 0,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 0,
    });
  });
});

describe('priceLines with shipping, a discount and tax (issue 25)', () => {
  const lines = [
    { price: 2599, quantity: 2 },
    { price: 1500, quantity: 1 },
  ];

  it('takes a percent code off the subtotal, adds shipping and the tax on the goods', () => {
    const priced = priceLines(lines, {
      discount: { type: 'percent', value: 10 },
      shipping: { price: 599 },
      tax: { rate: 7.25, pricesIncludeTax: false },
    });
    // 6698 − 670 (10 %, 669.8 rounded half up) = 6028; 7.25 % of 6028 = 437.03 → 437.
    expect(priced).toMatchObject({
      subtotal: 6698,
      discount: 670,
      shipping: 599,
      tax: 437,
      total: 6028 + 599 + 437,
    });
  });

  it('rounds the tax half up to the minor unit, once for the order', () => {
    // 8.875 % of 200 = 17.75 → 18; of 4 = 0.355 → 0.
    expect(
      priceLines([{ price: 200, quantity: 1 }], { tax: { rate: 8.875, pricesIncludeTax: false } })
        .tax,
    ).toBe(18);
    expect(
      priceLines([{ price: 4, quantity: 1 }], { tax: { rate: 8.875, pricesIncludeTax: false } })
        .tax,
    ).toBe(0);
    // 5 % of 10 = 0.5 → 1 (half up).
    expect(
      priceLines([{ price: 10, quantity: 1 }], { tax: { rate: 5, pricesIncludeTax: false } }).tax,
    ).toBe(1);
  });

  it('with prices that include tax, shows the tax held in them and adds nothing', () => {
    const priced = priceLines([{ price: 1190, quantity: 1 }], {
      tax: { rate: 19, pricesIncludeTax: true },
    });
    expect(priced).toMatchObject({ subtotal: 1190, tax: 190, total: 1190 });
  });

  it('never takes off more than the subtotal, and ships free over the threshold after the code', () => {
    const fixed = priceLines([{ price: 300, quantity: 1 }], {
      discount: { type: 'fixed', value: 500 },
      shipping: { price: 400, freeOver: 10_000 },
    });
    expect(fixed).toMatchObject({ subtotal: 300, discount: 300, shipping: 400, total: 400 });
    const free = priceLines([{ price: 11_000, quantity: 1 }], {
      discount: { type: 'fixed', value: 500 },
      shipping: { price: 400, freeOver: 10_000 },
    });
    expect(free).toMatchObject({ discount: 500, shipping: 0, total: 10_500 });
    const notFree = priceLines([{ price: 10_200, quantity: 1 }], {
      discount: { type: 'fixed', value: 500 },
      shipping: { price: 400, freeOver: 10_000 },
    });
    expect(notFree).toMatchObject({ shipping: 400, total: 9700 + 400 });
  });

  it('without adjustments costs its subtotal, as orders always did', () => {
    expect(priceLines(lines)).toMatchObject({ discount: 0, shipping: 0, tax: 0, total: 6698 });
  });
});
