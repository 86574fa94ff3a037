import { describe, expect, it } from 'vitest';
import {
  auditFieldLabel,
  auditLines,
  auditTargetFallback,
  auditTargetType,
} from './audit-lines.js';

describe('an audit entry in words', () => {
  it('shows a price change as money, labelled whole', () => {
    expect(auditLines({ before: { price: 2199 }, after: { price: 2299 } })).toEqual([
      { label: 'Price', before: { cents: 2199 }, after: { cents: 2299 } },
    ]);
  });

  it('labels the fields of the shop’s documents in words, and any other field by its words', () => {
    expect(auditFieldLabel('productName')).toBe('Name');
    expect(auditFieldLabel('quantity')).toBe('Stock');
    expect(auditFieldLabel('compareAtPrice')).toBe('Compare at price');
    expect(auditFieldLabel('shipment')).toBe('Shipment');
  });

  it('gives each field inside an object a line of its own, not JSON', () => {
    const lines = auditLines({
      before: { status: 'paid' },
      after: { status: 'shipped', shipment: { carrier: 'DHL', trackingNumber: '1234567890' } },
    });
    expect(lines).toEqual([
      { label: 'Status', before: { text: 'paid' }, after: { text: 'shipped' } },
      { label: 'Shipment › Carrier', after: { text: 'DHL' } },
      { label: 'Shipment › Tracking number', after: { text: '1234567890' } },
    ]);
  });

  it('names a list’s items by their sku, code or place, and shows only what changed in them', () => {
    const before = {
      variants: [
        { sku: 'TYRE-650B', price: 3999, quantity: 4 },
        { sku: 'TYRE-700C', price: 4299, quantity: 2 },
      ],
    };
    const after = {
      variants: [
        { sku: 'TYRE-650B', price: 3999, quantity: 4 },
        { sku: 'TYRE-700C', price: 4499, quantity: 2 },
      ],
    };
    expect(auditLines({ before, after })).toEqual([
      { label: 'Sizes › TYRE-700C › Price', before: { cents: 4299 }, after: { cents: 4499 } },
    ]);
    const rates = auditLines({
      before: null,
      after: { rates: [{ country: 'US', region: 'CA', rate: 7.25 }] },
    });
    expect(rates).toContainEqual({ label: 'Rates › US-CA › Rate', after: { text: '7.25 %' } });
  });

  it('reads a discount’s value as money or a percentage by its type', () => {
    expect(auditLines({ before: null, after: { type: 'fixed', value: 500 } })).toContainEqual({
      label: 'Value',
      after: { cents: 500 },
    });
    expect(auditLines({ before: null, after: { type: 'percent', value: 10 } })).toContainEqual({
      label: 'Value',
      after: { text: '10 %' },
    });
  });

  it('shows yes and no, a dash for nothing, and lists of plain values on one line', () => {
    expect(
      auditLines({
        before: { admin: false, note: null },
        after: { admin: true, note: 'kept', tags: ['road', 'gravel'] },
      }),
    ).toEqual([
      { label: 'Admin', before: { text: 'No' }, after: { text: 'Yes' } },
      { label: 'Note', before: { text: '—' }, after: { text: 'kept' } },
      { label: 'Tags', after: { text: 'road, gravel' } },
    ]);
  });

  it('says what each kind of entry was done to', () => {
    expect(auditTargetType('part.price')).toBe('part');
    expect(auditTargetType('parts.imported')).toBe('part');
    expect(auditTargetType('part.image')).toBe('image');
    expect(auditTargetType('order.refund')).toBe('order');
    expect(auditTargetType('admin.granted')).toBe('account');
    expect(auditTargetType('discount.created')).toBe('code');
    expect(auditTargetType('tax.changed')).toBe('settings');
    expect(auditTargetFallback('shipping.changed', 'shippingMethods')).toBe('Shipping methods');
    expect(auditTargetFallback('discount.created', 'SPRING10')).toBe('SPRING10');
  });
});
