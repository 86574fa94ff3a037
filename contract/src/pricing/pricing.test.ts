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
      total: 6067,
    });
  });

  it('prices nothing as zero', () => {
    expect(priceLines([])).toEqual({ lines: [], itemCount: 0, subtotal: 0, total: 0 });
  });
});
