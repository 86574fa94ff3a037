/**
 * An order as the store keeps it, and as the API answers it: its lines, the original API's summary
 * fields computed from them (docs/decisions/018), and its timeline. Orders stored before orders
 * had lines or a timeline are read as one-line orders with a timeline rebuilt from their dates.
 */
import {
  type Priced,
  type Order,
  type OrderActor,
  type OrderLine,
  type OrderStatus,
  type RefundedLine,
  type TimelineEntry,
} from '@sprocket/contract';
import { normalizeEmail } from '../../store/ids.js';
import type { DocData, StoredDoc, Transaction } from '../../store/port.js';
import { existingDoc } from '../existing-doc.js';

export const ORDERS = 'orders';

/**
 * The stored order: the contract's fields (lines and timeline missing on orders stored before
 * they existed) plus the API's own: when it was delivered, which payment event applied last.
 */
export type OrderDoc = Omit<
  Order,
  '_id' | 'lines' | 'timeline' | 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total' | 'guest'
> & {
  lines?: OrderLine[];
  timeline?: TimelineEntry[];
  /** The amounts of issue 25; absent on orders placed before (amountsOf reads them). */
  subtotal?: number;
  discount?: number;
  shipping?: number;
  tax?: number;
  /** Stored by orders placed before the total was stored once (as totalPrice); never read. */
  total?: number;
  deliveredAt?: string;
  lastEventCreated?: number;
  /**
   * The customer's account (decision 048). Absent on orders placed before: those are the
   * account's that holds the address now, and are stamped when another account takes it.
   */
  uid?: string;
  /**
   * false when the customer is not mailed about this order: placed from an unverified address, or
   * past the day's allowance (actions/create-order.ts). Absent on orders stored before the rule:
   * mailed.
   */
  mailCustomer?: boolean;
  /**
   * true while a guest's order (placed without an account, issue 25 item 7) belongs to no account:
   * no account sees it, whatever its address, until a verified holder of the address claims it
   * with its private link (guest-orders.ts, docs/decisions/080), which sets `uid` and
   * `guest: false`.
   */
  guest?: boolean;
  /** Refunds asked of the provider and not recorded yet (order-refunds.ts, docs/decisions/076). */
  refundHolds?: RefundHold[];
  /** The instance of `discountCode` whose use it took (docs/decisions/078); the shop's own. */
  discountInstance?: string;
  /**
   * The once-per-customer redemptions its code's use wrote (docs/decisions/080), which a
   * cancellation gives back; absent on orders placed before: their address's one.
   */
  discountRedemptions?: string[];
} & DocData;

/**
 * A refund an admin asked for, held on the order from the check until it is recorded or the
 * provider refuses it (docs/decisions/076): every other refund's check counts what it takes of the
 * payment and of each line, so two requests never take the same units.
 */
export type RefundHold = {
  /** Also the refund's key at the provider and in its metadata, so whoever records it ends it. */
  holdId: string;
  amount: number;
  lines: RefundedLine[];
  restock: boolean;
  /** When it was asked of the provider (or asked again). */
  heldAt: string;
  /** The provider could not be reached: the refund may have been made or not. */
  unanswered?: boolean;
};

/** Reads the order in the transaction: 404 when there is none. */
export const orderFor = (tx: Transaction, id: string) =>
  existingDoc<OrderDoc>(tx, ORDERS, id, 'Order');

/** Whether the order is the caller's: their address, and their account (decision 048). */
export const isOwnOrder = (
  order: Pick<OrderDoc, 'email' | 'uid' | 'guest'>,
  caller: { uid: string; email: string },
): boolean =>
  order.guest !== true &&
  order.email === caller.email &&
  (order.uid === undefined || order.uid === caller.uid);

/**
 * Who may see and pay one order: a signed-in account (its own orders), or whoever holds that
 * order's private link (`orderLink`: the id the link's token names, docs/decisions/066).
 */
export type OrderCaller = { uid: string; email: string } | { orderLink: string };

/** Whether `caller` may see and pay the order `id`. */
export const mayActOn = (
  id: string,
  order: Pick<OrderDoc, 'email' | 'uid' | 'guest'>,
  caller: OrderCaller,
): boolean =>
  'orderLink' in caller
    ? caller.orderLink === id
    : isOwnOrder(order, { uid: caller.uid, email: normalizeEmail(caller.email) });

/**
 * The original API's fields of an order priced by the contract (priceLines): `totalPrice` is what
 * the customer pays, with shipping, a code and tax (issue 25): the order's one stored total.
 */
export function orderSummary(
  priced: Pick<Priced<OrderLine>, 'lines' | 'itemCount' | 'total'>,
): Pick<Order, 'partId' | 'partName' | 'img' | 'price' | 'orderQuantity' | 'totalPrice'> {
  const [first, ...rest] = priced.lines;
  if (!first) throw new Error('An order has at least one line');
  const totalPrice = priced.total;
  return {
    partId: first.partId,
    partName: rest.length === 0 ? first.partName : `${first.partName} and ${rest.length} more`,
    img: first.img,
    // A unit price only means something for one part; for several it is what the order costs.
    price: rest.length === 0 ? first.price : totalPrice,
    orderQuantity: priced.itemCount,
    totalPrice,
  };
}

/** The order's lines; a one-line order stored before lines existed is read from its fields. */
export function linesOf(order: OrderDoc): OrderLine[] {
  if (order.lines && order.lines.length > 0) return order.lines;
  return [
    {
      partId: order.partId,
      partName: order.partName,
      img: order.img,
      price: order.price,
      quantity: order.orderQuantity,
      lineTotal: order.totalPrice,
    },
  ];
}

/** The order's timeline; one stored before timelines existed is rebuilt from its dates. */
export function timelineOf(order: OrderDoc): TimelineEntry[] {
  if (order.timeline) return order.timeline;
  const entries: TimelineEntry[] = [{ status: 'unpaid', at: order.createdAt, actor: 'customer' }];
  if (order.paidAt) entries.push({ status: 'paid', at: order.paidAt, actor: 'gateway' });
  if (order.deliveredAt)
    entries.push({ status: 'processing', at: order.deliveredAt, actor: 'admin' });
  if (order.cancelledAt) {
    const actor: OrderActor =
      order.cancelReason === 'expired' ? 'system' : (order.cancelReason ?? 'customer');
    entries.push({ status: 'cancelled', at: order.cancelledAt, actor });
  }
  return entries;
}

/** The timeline with one more entry: `status` reached at `at` by `actor`. */
export function withEntry(
  order: OrderDoc,
  status: OrderStatus,
  at: Date,
  actor: OrderActor,
  note?: string,
): TimelineEntry[] {
  const entry: TimelineEntry = { status, at: at.toISOString(), actor };
  if (note !== undefined) entry.note = note;
  return [...timelineOf(order), entry];
}

export function toOrder({ id, data }: StoredDoc<OrderDoc>): Order {
  const {
    deliveredAt: _deliveredAt,
    lastEventCreated: _lastEventCreated,
    mailCustomer: _mailCustomer,
    uid: _uid,
    guest,
    refundHolds: _refundHolds,
    discountInstance: _discountInstance,
    discountRedemptions: _discountRedemptions,
    total: _total,
    ...order
  } = data;
  return {
    _id: id,
    ...order,
    // Whether an account may still claim it (docs/decisions/080); never whose it is.
    ...(guest === true && { guest }),
    ...amountsOf(data),
    lines: linesOf(data),
    timeline: timelineOf(data),
  };
}

/**
 * The order's amounts, its total derived from `totalPrice`; one placed before shipping, codes and
 * tax existed cost its lines: the subtotal is its total and the rest is 0.
 */
export function amountsOf(
  order: OrderDoc,
): Pick<Order, 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total'> {
  return {
    subtotal: order.subtotal ?? order.totalPrice,
    discount: order.discount ?? 0,
    shipping: order.shipping ?? 0,
    tax: order.tax ?? 0,
    total: order.totalPrice,
  };
}
