import { describe, expect, it } from 'vitest';
import { isInStock, LOW_STOCK_THRESHOLD, stockBadge } from './part-rules.js';

describe('stockBadge', () => {
  it('says "In stock" above the low-stock threshold', () => {
    expect(stockBadge({ quantity: LOW_STOCK_THRESHOLD + 1, order: 1 })).toEqual({
      kind: 'in-stock',
      label: 'In stock',
    });
  });

  it('says how few are left at the threshold and below', () => {
    expect(stockBadge({ quantity: LOW_STOCK_THRESHOLD, order: 1 }).label).toBe(
      `Only ${LOW_STOCK_THRESHOLD} left`,
    );
    expect(stockBadge({ quantity: 3, order: 2 })).toEqual({ kind: 'low', label: 'Only 3 left' });
  });

  it('says "Sold out" when the stock is gone or below the minimum order, as isInStock does', () => {
    for (const part of [
      { quantity: 0, order: 1 },
      { quantity: 4, order: 10 },
      { quantity: 60, order: 100 },
    ]) {
      expect(isInStock(part)).toBe(false);
      expect(stockBadge(part)).toEqual({ kind: 'sold-out', label: 'Sold out' });
    }
  });
});
