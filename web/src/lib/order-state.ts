import type { Order } from '@sprocket/contract';

/**
 * Spec §4: an order counts as paid when its paid flag is set or it carries a transaction id; an
 * order in delivery (processing) was paid first.
 */
export const isPaid = (order: Pick<Order, 'paid' | 'status' | 'transactionId'>): boolean =>
  order.paid || Boolean(order.transactionId) || order.status !== 'unpaid';
