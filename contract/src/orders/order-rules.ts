/**
 * The order's states and the rules on them, in one place: the API, the payment webhook and the
 * web app all ask these functions (docs/architecture.md §7).
 */

/** unpaid → paid → processing; unpaid → cancelled (customer, admin, or the hold running out). */
export type OrderStatus = 'unpaid' | 'paid' | 'processing' | 'cancelled';

/** Why an unpaid order was cancelled. */
export type CancelReason = 'expired' | 'customer' | 'admin';

/** How long an unpaid order holds its stock when the shop does not say (SHOP_UNPAID_HOLD_MINUTES). */
export const DEFAULT_UNPAID_HOLD_MINUTES = 30;
/** How many unpaid orders one customer may hold at once (SHOP_MAX_UNPAID_ORDERS). */
export const DEFAULT_MAX_UNPAID_ORDERS = 3;

interface OrderState {
  status: OrderStatus;
  paid?: boolean;
  transactionId?: string;
  expiresAt?: string;
}

/**
 * docs/product.md §4.1: an order counts as paid when its paid flag is set or it carries a transaction id; an
 * order in delivery (processing) was paid first.
 */
export const isPaid = (order: OrderState): boolean =>
  order.paid === true ||
  Boolean(order.transactionId) ||
  order.status === 'paid' ||
  order.status === 'processing';

/** An unpaid order whose hold has run out: it no longer holds stock and cannot be paid. */
export const isExpired = (order: OrderState, now: Date): boolean =>
  order.status === 'unpaid' &&
  !isPaid(order) &&
  order.expiresAt !== undefined &&
  Date.parse(order.expiresAt) <= now.getTime();

/** Whether the order's customer can still pay for it. */
export const canPay = (order: OrderState, now: Date): boolean =>
  order.status === 'unpaid' && !isPaid(order) && !isExpired(order, now);

/** Whether an admin's Deliver Order applies (paid, not yet in delivery). */
export const canDeliver = (order: OrderState): boolean => order.status === 'paid';

/** Whether the order may be cancelled or deleted: only while it is unpaid. */
export const canCancel = (order: OrderState): boolean =>
  order.status === 'unpaid' && !isPaid(order);

export const orderMessages = {
  notUnpaid: 'A paid order cannot be deleted',
  cancelled: 'This order was cancelled',
  expired: 'This order was not paid in time and has been cancelled',
  deliverOnlyPaid: 'Only a paid order can be delivered',
  tooManyUnpaid: (max: number) =>
    `You already have ${max} unpaid order${max === 1 ? '' : 's'}. Pay for one or delete it before ordering more.`,
  orderAtLeast: (minimum: number) => `Order at least ${minimum}`,
  onlyAvailable: (available: number) =>
    available > 0 ? `Only ${available} available` : 'This part is out of stock',
} as const;

/** The customer-facing word for each status. */
export const statusLabel: Record<OrderStatus, string> = {
  unpaid: 'Not Paid',
  paid: 'Paid',
  processing: 'Processing',
  cancelled: 'Cancelled',
};

/** Checks a wanted quantity against a part's minimum order and stock; null when it fits. */
export function checkOrderQuantity(
  part: { order: number; quantity: number },
  quantity: number,
): { kind: 'below_minimum' | 'over_stock'; message: string } | null {
  if (quantity < part.order)
    return { kind: 'below_minimum', message: orderMessages.orderAtLeast(part.order) };
  if (quantity > part.quantity) {
    return { kind: 'over_stock', message: orderMessages.onlyAvailable(part.quantity) };
  }
  return null;
}
