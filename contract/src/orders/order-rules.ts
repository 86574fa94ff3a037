/**
 * The order's states and the rules on them, in one place: the API, the payment webhook and the
 * web app all ask these functions (docs/architecture.md §7).
 */

/**
 * unpaid → paid → (processing →) shipped → delivered; unpaid → cancelled (customer, admin, or the
 * hold running out); paid or processing → refunded (admin). The table is `orderTransitions`.
 */
export type OrderStatus =
  'unpaid' | 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

/** Who made a change: the order's customer, an admin, the shop itself (the hold), the provider. */
export type OrderActor = 'customer' | 'admin' | 'system' | 'gateway';

/** Why an unpaid order was cancelled. */
export type CancelReason = 'expired' | 'customer' | 'admin';

/**
 * The order number a shopper reads (the confirmation, the checkout): the first 8 characters of the
 * order's id in capitals. Short enough to read out, and still found by Manage All Orders' search,
 * which matches any part of the id whatever its case (docs/decisions/087).
 */
export const orderNumber = (orderId: string): string => orderId.slice(0, 8).toUpperCase();

/** How long an unpaid order holds its stock when the shop does not say (SHOP_UNPAID_HOLD_MINUTES). */
export const DEFAULT_UNPAID_HOLD_MINUTES = 30;
/** How many unpaid orders one customer may hold at once (SHOP_MAX_UNPAID_ORDERS). */
export const DEFAULT_MAX_UNPAID_ORDERS = 3;
/** How many units one customer's unpaid orders may hold together (SHOP_MAX_UNPAID_UNITS). */
export const DEFAULT_MAX_UNPAID_UNITS = 50;

/**
 * The most of one part a customer's unpaid orders may hold: half of what the shop has of it
 * (counting what they hold already), rounded up, so the last unit can still be bought, and never
 * less than the part's minimum order.
 */
export const maxHeldOfPart = (stockWithTheirHolds: number, minimumOrder: number): number =>
  Math.max(minimumOrder, Math.ceil(stockWithTheirHolds / 2));

interface OrderState {
  status: OrderStatus;
  paid?: boolean;
  transactionId?: string;
  expiresAt?: string;
  cancelReason?: CancelReason;
}

/**
 * docs/product.md §4.1: an order counts as paid when its paid flag is set or it carries a transaction id; an
 * order in delivery (processing) was paid first.
 */
export const isPaid = (order: OrderState): boolean =>
  order.paid === true ||
  Boolean(order.transactionId) ||
  order.status === 'paid' ||
  order.status === 'processing' ||
  order.status === 'shipped' ||
  order.status === 'delivered' ||
  order.status === 'refunded';

/** An unpaid order whose hold has run out: it no longer holds stock and cannot be paid. */
export const isExpired = (order: OrderState, now: Date): boolean =>
  order.status === 'unpaid' &&
  !isPaid(order) &&
  order.expiresAt !== undefined &&
  Date.parse(order.expiresAt) <= now.getTime();

/**
 * The status an order has at `now`, the one every screen shows (docs/product.md §4.1): an unpaid
 * order whose hold has run out is cancelled, as the server makes it on its next read, and an
 * unpaid one that carries a payment is paid.
 */
export function effectiveStatus(order: OrderState, now: Date): OrderStatus {
  if (isExpired(order, now)) return 'cancelled';
  if (order.status === 'unpaid' && isPaid(order)) return 'paid';
  return order.status;
}

/**
 * Why the order is cancelled at `now`: `expired` for a hold that has run out, even before the
 * server has said so; nothing while it is not cancelled.
 */
export function effectiveCancelReason(order: OrderState, now: Date): CancelReason | undefined {
  if (isExpired(order, now)) return 'expired';
  return order.status === 'cancelled' ? order.cancelReason : undefined;
}

/** Whether the order's customer can still pay for it. */
export const canPay = (order: OrderState, now: Date): boolean =>
  order.status === 'unpaid' && !isPaid(order) && !isExpired(order, now);

/** Whether an admin's Deliver Order applies (paid, not yet in delivery). */
export const canDeliver = (order: OrderState): boolean => order.status === 'paid';

/** Whether the order still waits for its payment (an expired one too, until it is settled). */
export const awaitsPayment = (order: OrderState): boolean =>
  order.status === 'unpaid' && !isPaid(order);

/** Whether the order may be cancelled or deleted: only while it is unpaid. */
export const canCancel = awaitsPayment;

/** The statuses of an order that was paid for and stays so: not unpaid, cancelled or refunded. */
export const PURCHASED_STATUSES: readonly OrderStatus[] = [
  'paid',
  'processing',
  'shipped',
  'delivered',
];

/** Whether an order in `status` counts as a purchase (reviews' badge, the Business Summary). */
export const isPurchase = (status: OrderStatus): boolean => PURCHASED_STATUSES.includes(status);

/** The changes an order goes through (docs/product.md §4.1); `place` starts it. */
export type OrderAction =
  'place' | 'pay' | 'deliver' | 'ship' | 'markDelivered' | 'cancel' | 'expire' | 'refund';

/**
 * The lifecycle, once: from which states each change may start, the state it leads to, and who may
 * make it. `deliver` is the spec's Deliver Order (paid → processing). `pay` is the provider's
 * webhook, or the customer's PATCH that the shop checks with the provider first, or the shop for
 * an order with nothing to pay.
 */
export const orderTransitions: Record<
  OrderAction,
  { from: readonly OrderStatus[]; to: OrderStatus; by: readonly OrderActor[] }
> = {
  place: { from: [], to: 'unpaid', by: ['customer'] },
  // The shop itself, for an order of 0.00 as it is placed (docs/decisions/078).
  pay: { from: ['unpaid'], to: 'paid', by: ['gateway', 'customer', 'system'] },
  deliver: { from: ['paid'], to: 'processing', by: ['admin'] },
  // Straight from paid in one step, or from processing for shops that use Deliver Order first.
  ship: { from: ['paid', 'processing'], to: 'shipped', by: ['admin'] },
  markDelivered: { from: ['shipped'], to: 'delivered', by: ['admin'] },
  cancel: { from: ['unpaid'], to: 'cancelled', by: ['customer', 'admin'] },
  expire: { from: ['unpaid'], to: 'cancelled', by: ['system'] },
  // The provider too: a refund in full made in its Dashboard (docs/decisions/069).
  refund: { from: ['paid', 'processing'], to: 'refunded', by: ['admin', 'gateway'] },
};

/**
 * Whether `action` may start from the order's state (and, given an actor, whether that actor may
 * make it). An unpaid order carrying a payment counts as paid, so it cannot be cancelled.
 */
export function canTransition(order: OrderState, action: OrderAction, actor?: OrderActor): boolean {
  const { from, by } = orderTransitions[action];
  if (actor !== undefined && !by.includes(actor)) return false;
  if (order.status === 'unpaid' && isPaid(order)) return from.includes('paid');
  return from.includes(order.status);
}

/** Whether an admin may ship the order (paid or processing, with a carrier and tracking number). */
export const canShip = (order: OrderState): boolean => canTransition(order, 'ship');

/** Whether an admin may mark the order delivered (it was shipped). */
export const canMarkDelivered = (order: OrderState): boolean =>
  canTransition(order, 'markDelivered');

/** Whether an admin may refund the order through the payment provider (paid, not yet shipped). */
export const canRefund = (order: OrderState): boolean => canTransition(order, 'refund');

export const orderMessages = {
  notUnpaid: 'A paid order cannot be deleted',
  cancelled: 'This order was cancelled',
  expired: 'This order was not paid in time and has been cancelled',
  deliverOnlyPaid: 'Only a paid order can be delivered',
  cancelOnlyUnpaid: 'Only an unpaid order can be cancelled',
  shipOnlyPaid: 'Only a paid order or one in processing can be shipped',
  markDeliveredOnlyShipped: 'Only a shipped order can be marked delivered',
  refundOnlyPaid: 'Only a paid order that has not been shipped can be refunded',
  partGone: 'This part is no longer sold',
  someLinesShort: (names: readonly string[]) =>
    `Not enough stock for ${names.join(', ')}. Change the quantities and try again.`,
  tooManyUnpaid: (max: number) =>
    `You already have ${max} unpaid order${max === 1 ? '' : 's'}. Pay for one or delete it before ordering more.`,
  /** Guests' unpaid orders from one network address (docs/decisions/080). */
  tooManyUnpaidFromAddress: (max: number) =>
    `Guests at this network address already have ${max} unpaid orders. Pay for one, or sign in to order more.`,
  tooManyUnits: (max: number, held: number) =>
    held > 0
      ? `Unpaid orders can hold at most ${max} units, and yours hold ${held}. Pay for or delete one, or order fewer.`
      : `One order can hold at most ${max} units until it is paid. Order fewer.`,
  overHalfStock: (partName: string, max: number) =>
    `${partName}: at most ${max} per customer until paid, so that others can buy it too`,
  pricesChanged: (total: string, shown: string) =>
    `Prices changed since your cart was shown: the total is now ${total}, not ${shown}. Check the lines and place the order again.`,
  orderAtLeast: (minimum: number) => `Order at least ${minimum}`,
  onlyAvailable: (available: number) =>
    available > 0 ? `Only ${available} available` : 'This part is out of stock',
} as const;

/** The customer-facing word for each status. */
export const statusLabel: Record<OrderStatus, string> = {
  unpaid: 'Not Paid',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
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
