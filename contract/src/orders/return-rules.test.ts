import { describe, expect, it } from 'vitest';
import { priceLines } from '../pricing/pricing.js';
import {
  returnableUnits,
  returnLinesProblem,
  returnRefundAmount,
  returnWindowEnd,
} from './return-rules.js';

const lines = [
  { partName: 'Chain', price: 2500, quantity: 2 },
  { partName: 'Saddle', price: 4999, quantity: 1 },
];
const delivered = {
  status: 'delivered',
  totalPrice: 9999,
  completedAt: '2026-11-01T10:00:00.000Z',
  lines,
};

describe('what a return gives back', () => {
  it('is what was paid for its units: less their share of a code, with tax added on top, never shipping', () => {
    const priced = priceLines(lines, {
      discount: { type: 'percent', value: 10 },
      shipping: { price: 700 },
      tax: { rate: 20, pricesIncludeTax: false },
    });
    const order = { ...priced, pricesIncludeTax: false };
    // 2 × 25.00 of 99.99 goods: 10 % off, then 20 % tax on what is left.
    expect(returnRefundAmount(order, [{ line: 0, quantity: 2 }])).toBe(5400);
    // Every unit back gives back no more than the goods cost, and not the shipping.
    const all = returnRefundAmount(order, [
      { line: 0, quantity: 2 },
      { line: 1, quantity: 1 },
    ]);
    expect(all).toBeLessThanOrEqual(priced.total - priced.shipping);
    expect(all).toBe(priced.total - priced.shipping);
  });

  it('with tax in the prices, or no code, is the units’ price', () => {
    const order = { subtotal: 9999, discount: 0, tax: 1667, pricesIncludeTax: true, lines };
    expect(returnRefundAmount(order, [{ line: 1, quantity: 1 }])).toBe(4999);
  });

  it('rounds down, so returns together never give back more than the goods cost', () => {
    const order = {
      subtotal: 3,
      discount: 1,
      tax: 0,
      lines: [{ partName: 'Bolt', price: 1, quantity: 3 }],
    };
    const one = returnRefundAmount(order, [{ line: 0, quantity: 1 }]);
    expect(one * 3).toBeLessThanOrEqual(2);
  });
});

describe('which units may go back', () => {
  it('only those of a delivered order, within its window', () => {
    expect(returnWindowEnd(delivered, 30)).toBe('2026-12-01T10:00:00.000Z');
    expect(returnWindowEnd({ ...delivered, status: 'shipped' }, 30)).toBeUndefined();
  });

  it('not those refunded, nor those another return holds', () => {
    const refunded = {
      ...delivered,
      refunds: [{ amount: 2500, lines: [{ line: 0, quantity: 1 }], restocked: true }],
    };
    const open = [{ lines: [{ line: 1, quantity: 1 }] }];
    expect(returnableUnits(refunded, open)).toEqual([1, 0]);
    expect(returnLinesProblem(refunded, open, [{ line: 0, quantity: 2 }])).toEqual({
      kind: 'invalid',
      errors: { 'lines[0].quantity': 'Chain: at most 1 can be returned' },
    });
    expect(returnLinesProblem(refunded, open, [{ line: 1, quantity: 1 }])).toEqual({
      kind: 'taken',
      errors: { 'lines[0].quantity': 'Saddle is in a return already' },
    });
    expect(returnLinesProblem(refunded, open, [{ line: 0, quantity: 1 }])).toBeNull();
  });
});
