import { describe, expect, it } from 'vitest';
import type { CartLine } from '../api/entities.js';
import {
  buildCart,
  cartFromLines,
  type CartGoods,
  type CartItem,
  type CartPart,
} from './build-cart.js';

const chain: CartPart = {
  productName: 'Chain 11s',
  img: '/parts/chain.svg',
  price: 2599,
  order: 1,
};
const tape: CartPart = { productName: 'Bar tape', img: '/parts/tape.svg', price: 1500, order: 2 };
const tyre: CartPart = { productName: 'Road tyre', img: '/parts/tyre.svg', price: 3999, order: 1 };

/** The shop now: each part id with what a line of it finds. */
const cartOf = (items: CartItem[], shop: Record<string, CartGoods | undefined>) =>
  buildCart(items, (item) => shop[item.partId]);

describe('buildCart', () => {
  it("shows each line with the part's name, image, price, stock and total, and the subtotal", () => {
    const cart = cartOf(
      [
        { partId: 'chain', quantity: 2 },
        { partId: 'tape', quantity: 2 },
      ],
      {
        chain: { part: chain, price: 2599, available: 10 },
        tape: { part: tape, price: 1500, available: 5 },
      },
    );
    expect(cart).toEqual({
      lines: [
        {
          partId: 'chain',
          partName: 'Chain 11s',
          img: '/parts/chain.svg',
          price: 2599,
          quantity: 2,
          lineTotal: 5198,
          available: 10,
          minimumOrder: 1,
          exceedsStock: false,
        },
        {
          partId: 'tape',
          partName: 'Bar tape',
          img: '/parts/tape.svg',
          price: 1500,
          quantity: 2,
          lineTotal: 3000,
          available: 5,
          minimumOrder: 2,
          exceedsStock: false,
        },
      ],
      itemCount: 4,
      subtotal: 8198,
      canCheckout: true,
    });
    // No key holds undefined: the answer reads the same as JSON and as an object.
    expect(Object.keys(cart.lines[0]!)).not.toContain('message');
    expect(Object.keys(cart.lines[0]!)).not.toContain('sku');
  });

  it('is empty, and cannot be checked out, without lines', () => {
    expect(buildCart([], () => undefined)).toEqual({
      lines: [],
      itemCount: 0,
      subtotal: 0,
      canCheckout: false,
    });
    expect(cartFromLines([])).toEqual(buildCart([], () => undefined));
  });

  it('flags a line that wants more than is available, or less than the minimum order', () => {
    const cart = cartOf(
      [
        { partId: 'chain', quantity: 5 },
        { partId: 'tape', quantity: 1 },
        { partId: 'gone', quantity: 1 },
      ],
      {
        chain: { part: chain, price: 2599, available: 3 },
        tape: { part: tape, price: 1500, available: 0 },
      },
    );
    expect(cart.lines).toMatchObject([
      { partId: 'chain', available: 3, exceedsStock: true, message: 'Only 3 available' },
      // Below the minimum is said first; an empty shelf still exceeds the stock.
      { partId: 'tape', available: 0, exceedsStock: true, message: 'Order at least 2' },
    ]);
    expect(cart.canCheckout).toBe(false);
    // A line whose part finds nothing (deleted, or not in the catalogue) is left out.
    expect(cart.lines.map((line) => line.partId)).toEqual(['chain', 'tape']);
    // Still priced: the customer sees what it would cost.
    expect(cart.subtotal).toBe(5 * 2599 + 1500);
    expect(cart.itemCount).toBe(6);
  });

  it('says a part out of stock in its own words', () => {
    const cart = cartOf([{ partId: 'chain', quantity: 1 }], {
      chain: { part: chain, price: 2599, available: 0 },
    });
    expect(cart.lines[0]).toMatchObject({ message: 'This part is out of stock', available: 0 });
  });

  it("prices a variant's line at the variant's price, with its sku and label", () => {
    const cart = cartOf([{ partId: 'tyre', quantity: 2, sku: 'TYRE-32' }], {
      tyre: { part: tyre, price: 4299, sku: 'TYRE-32', variant: '700x32c', available: 4 },
    });
    expect(cart.lines).toEqual([
      {
        partId: 'tyre',
        partName: 'Road tyre',
        img: '/parts/tyre.svg',
        price: 4299,
        quantity: 2,
        lineTotal: 8598,
        sku: 'TYRE-32',
        variant: '700x32c',
        available: 4,
        minimumOrder: 1,
        exceedsStock: false,
      },
    ]);
    expect(cart.canCheckout).toBe(true);
  });

  it("shows a line that cannot be sold so at the part's price, with its sku and the reason", () => {
    const cart = cartOf(
      [
        { partId: 'tyre', quantity: 1, sku: 'TYRE-99' },
        { partId: 'chain', quantity: 1 },
      ],
      {
        tyre: { part: tyre, refusal: 'Road tyre has no variant TYRE-99' },
        chain: { part: chain, price: 2599, available: 10 },
      },
    );
    expect(cart.lines[0]).toEqual({
      partId: 'tyre',
      partName: 'Road tyre',
      img: '/parts/tyre.svg',
      price: 3999,
      quantity: 1,
      lineTotal: 3999,
      // Kept, so the line can be changed and taken out by the sku it is stored with.
      sku: 'TYRE-99',
      available: 0,
      minimumOrder: 1,
      exceedsStock: true,
      message: 'Road tyre has no variant TYRE-99',
    });
    expect(cart.canCheckout).toBe(false);
  });

  it('keeps the lines in the order of the items, and passes each its index', () => {
    const seen: number[] = [];
    const cart = buildCart(
      [
        { partId: 'tape', quantity: 2 },
        { partId: 'chain', quantity: 1 },
      ],
      (item, index) => {
        seen.push(index);
        return item.partId === 'tape'
          ? { part: tape, price: 1500, available: 5 }
          : { part: chain, price: 2599, available: 10 };
      },
    );
    expect(seen).toEqual([0, 1]);
    expect(cart.lines.map((line) => line.partId)).toEqual(['tape', 'chain']);
  });
});

describe('cartFromLines', () => {
  const line = (partId: string, fields: Partial<CartLine> = {}): Omit<CartLine, 'lineTotal'> => ({
    partId,
    partName: partId,
    img: '',
    price: 1000,
    quantity: 1,
    available: 5,
    minimumOrder: 1,
    exceedsStock: false,
    ...fields,
  });

  it('prices the lines again: what is left of a cart once some of its lines are gone', () => {
    const before = cartFromLines([line('a', { quantity: 2 }), line('b', { message: 'Only 0' })]);
    expect(before).toMatchObject({ itemCount: 3, subtotal: 3000, canCheckout: false });
    const after = cartFromLines(before.lines.filter((kept) => kept.partId === 'a'));
    expect(after).toEqual({
      lines: [{ ...line('a', { quantity: 2 }), lineTotal: 2000 }],
      itemCount: 2,
      subtotal: 2000,
      canCheckout: true,
    });
  });
});
