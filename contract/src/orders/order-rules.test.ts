import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canDeliver,
  canMarkDelivered,
  canRefund,
  canShip,
  canTransition,
  effectiveCancelReason,
  effectiveStatus,
  isPaid,
  orderNumber,
  orderTransitions,
  statusLabel,
  type OrderAction,
  type OrderStatus,
} from './order-rules.js';

const STATUSES: OrderStatus[] = [
  'unpaid',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
];

/** The states each change may start from, as docs/product.md §4.1 lists them. */
const FROM: Record<OrderAction, OrderStatus[]> = {
  place: [],
  pay: ['unpaid'],
  deliver: ['paid'],
  ship: ['paid', 'processing'],
  markDelivered: ['shipped'],
  cancel: ['unpaid'],
  expire: ['unpaid'],
  refund: ['paid', 'processing'],
};

describe('the lifecycle table', () => {
  it.each(Object.entries(FROM))('%s starts only from %j', (action, from) => {
    const allowed = STATUSES.filter((status) => canTransition({ status }, action as OrderAction));
    expect(allowed).toEqual(from);
  });

  it('says who may make each change', () => {
    expect(canTransition({ status: 'unpaid' }, 'cancel', 'customer')).toBe(true);
    expect(canTransition({ status: 'unpaid' }, 'cancel', 'admin')).toBe(true);
    expect(canTransition({ status: 'unpaid' }, 'cancel', 'gateway')).toBe(false);
    expect(canTransition({ status: 'unpaid' }, 'expire', 'system')).toBe(true);
    expect(canTransition({ status: 'processing' }, 'ship', 'customer')).toBe(false);
    expect(canTransition({ status: 'paid' }, 'refund', 'admin')).toBe(true);
    expect(orderTransitions.pay.by).toEqual(['gateway', 'customer', 'system']);
  });

  it('treats an unpaid order that carries a payment as paid', () => {
    const carrying = { status: 'unpaid' as const, transactionId: 'pi_1' };
    expect(canTransition(carrying, 'cancel')).toBe(false);
    expect(canCancel(carrying)).toBe(false);
    expect(canTransition(carrying, 'refund')).toBe(true);
  });

  it('has a helper for each admin change', () => {
    expect(STATUSES.filter((status) => canDeliver({ status }))).toEqual(['paid']);
    expect(STATUSES.filter((status) => canShip({ status }))).toEqual(['paid', 'processing']);
    expect(STATUSES.filter((status) => canMarkDelivered({ status }))).toEqual(['shipped']);
    expect(STATUSES.filter((status) => canRefund({ status }))).toEqual(['paid', 'processing']);
    expect(STATUSES.filter((status) => canCancel({ status }))).toEqual(['unpaid']);
  });

  it('counts every state a payment led to as paid, and names every state', () => {
    expect(STATUSES.filter((status) => isPaid({ status }))).toEqual([
      'paid',
      'processing',
      'shipped',
      'delivered',
      'refunded',
    ]);
    expect(STATUSES.map((status) => statusLabel[status])).toEqual([
      'Not Paid',
      'Paid',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
      'Refunded',
    ]);
  });
});

describe('the status at a given time', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  const held = { status: 'unpaid' as const, expiresAt: '2030-01-01T12:30:00Z' };
  const ranOut = { status: 'unpaid' as const, expiresAt: '2030-01-01T11:59:00Z' };

  it('keeps an unpaid order unpaid while its hold lasts', () => {
    expect(effectiveStatus(held, now)).toBe('unpaid');
    expect(effectiveCancelReason(held, now)).toBeUndefined();
  });

  it('counts an unpaid order whose hold ran out as cancelled for not being paid in time', () => {
    expect(effectiveStatus(ranOut, now)).toBe('cancelled');
    expect(effectiveCancelReason(ranOut, now)).toBe('expired');
    expect(effectiveStatus({ ...ranOut, expiresAt: now.toISOString() }, now)).toBe('cancelled');
  });

  it('counts an unpaid order that carries a payment as paid, however late', () => {
    expect(effectiveStatus({ ...ranOut, transactionId: 'pi_1' }, now)).toBe('paid');
    expect(effectiveStatus({ ...held, paid: true }, now)).toBe('paid');
  });

  it('keeps every other status, and a cancelled order its reason', () => {
    for (const status of STATUSES.filter((status) => status !== 'unpaid'))
      expect(effectiveStatus({ status, expiresAt: ranOut.expiresAt }, now)).toBe(status);
    expect(effectiveCancelReason({ status: 'cancelled', cancelReason: 'customer' }, now)).toBe(
      'customer',
    );
    expect(effectiveCancelReason({ status: 'paid', cancelReason: 'expired' }, now)).toBeUndefined();
  });
});

describe('the order number', () => {
  it('is the first 8 characters of the id in capitals, found again in the id whatever its case', () => {
    expect(orderNumber('3f9a8c1b0d2e4f6a7b8c')).toBe('3F9A8C1B');
    expect(orderNumber('aB3dE9fGhIjKlMnOpQrS')).toBe('AB3DE9FG');
    const id = 'aB3dE9fGhIjKlMnOpQrS';
    expect(id.toLowerCase()).toContain(orderNumber(id).toLowerCase());
  });
});
