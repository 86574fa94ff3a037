import { describe, expect, it } from 'vitest';
import { orderLinkPath } from './order-link.js';

describe('orderLinkPath', () => {
  it('keeps the token after #, where browsers never send it', () => {
    expect(orderLinkPath('o 1', 'a.b+c')).toBe('/checkout/order/o%201#token=a.b%2Bc');
  });
});
