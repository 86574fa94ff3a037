/** What the shop writes to a customer (and to itself) when an order changes (docs/product.md §4.1). */
import {
  amountRows,
  lineName,
  formatMoney,
  trackingLinkOf,
  type CancelReason,
  type Order,
} from '@sprocket/contract';
import type { StoredDoc, Transaction } from '../../store/port.js';
import { orderOfEvent, type CustomerMailKind } from './order-events.js';
import type { OrderEventHandler } from './order-outbox.js';
import { toOrder, type OrderDoc } from './order-record.js';
import { queueMail, type MailContent } from '../mail/mail.service.js';

/** What every order mail needs besides the order. */
export interface OrderMailContext {
  currency: string;
  now: Date;
  /**
   * A guest's order: the address of its private page (docs/decisions/066), which the mail that
   * confirms it carries, since the guest has no My Orders.
   */
  orderLink?: string;
}

const CANCELLED_BECAUSE: Record<CancelReason, string> = {
  expired: 'It was not paid in time, so the parts it held are back on sale.',
  customer: 'You cancelled it.',
  admin: 'The shop cancelled it.',
};

function lineRows(order: Order, currency: string): [string, string][] {
  return [
    ...order.lines.map((line): [string, string] => [
      `${line.quantity} × ${lineName(line)}`,
      formatMoney(line.lineTotal, currency),
    ]),
    // Subtotal, code, shipping and tax when the order has them (issue 25), then the total.
    ...amountRows(order).map((row): [string, string] => [
      row.label,
      `${row.kind === 'discount' ? '−' : ''}${formatMoney(row.amount, currency)}`,
    ]),
  ];
}

const greeting = (order: Order) => `Hello ${order.userName},`;
const shipTo = (order: Order) => `Delivery to: ${order.address}, phone ${order.number}`;

function customerContent(kind: CustomerMailKind, order: Order, ctx: OrderMailContext): MailContent {
  const number = `order ${order._id}`;
  const total = formatMoney(order.totalPrice, ctx.currency);
  switch (kind) {
    case 'order_placed': {
      const where = ctx.orderLink ? "on your order's page" : 'from My Orders';
      return {
        subject: `Sprocket: we have your ${number}`,
        paragraphs: [
          greeting(order),
          order.expiresAt
            ? `Thank you for your order. We hold the parts for you until ${new Date(order.expiresAt).toUTCString()}; pay for it before then ${where}.`
            : `Thank you for your order. Pay for it ${where}.`,
          ...(ctx.orderLink
            ? [
                "Your order's page shows its status and lets you pay, without an account. The link is private and works for 30 days: keep it to yourself. Sign up with this address and verify it to see the order under My Orders.",
              ]
            : []),
        ],
        ...(ctx.orderLink ? { link: { label: "Your order's page", url: ctx.orderLink } } : {}),
        rows: lineRows(order, ctx.currency),
        closing: [shipTo(order)],
      };
    }
    case 'order_paid':
      return {
        subject: `Sprocket: payment received for ${number}`,
        paragraphs: [
          greeting(order),
          `We have received your payment of ${total}. We will let you know when your parts are on their way.`,
        ],
        rows: lineRows(order, ctx.currency),
        closing: [shipTo(order)],
      };
    case 'order_shipped': {
      // "Track parcel" opens the carrier's page where the shop knows its address (decision 090).
      const trackingUrl = order.shipment && trackingLinkOf(order.shipment);
      return {
        subject: `Sprocket: your ${number} is on its way`,
        paragraphs: [
          greeting(order),
          order.shipment
            ? `Your parts left us with ${order.shipment.carrier}. Tracking number: ${order.shipment.trackingNumber}.`
            : 'Your parts are on their way.',
        ],
        ...(trackingUrl ? { link: { label: 'Track parcel', url: trackingUrl } } : {}),
        rows: lineRows(order, ctx.currency),
        closing: [shipTo(order)],
      };
    }
    case 'order_cancelled':
      return {
        subject: `Sprocket: your ${number} was cancelled`,
        paragraphs: [
          greeting(order),
          `Your ${number} was cancelled. ${CANCELLED_BECAUSE[order.cancelReason ?? 'customer']} Nothing was charged.`,
        ],
        rows: lineRows(order, ctx.currency),
      };
    case 'order_refunded':
      return {
        subject: `Sprocket: ${number} refunded`,
        paragraphs: [
          greeting(order),
          `We have refunded ${formatMoney(order.refund?.amount ?? order.totalPrice, ctx.currency)} to the card you paid with. Depending on your bank it can take 5–10 days to show.`,
        ],
        rows: lineRows(order, ctx.currency),
      };
    case 'order_partly_refunded': {
      const latest = order.refunds?.at(-1);
      return {
        subject: `Sprocket: part of ${number} refunded`,
        paragraphs: [
          greeting(order),
          `We have refunded ${formatMoney(latest?.amount ?? 0, ctx.currency)} to the card you paid with: ${formatMoney(order.refunded ?? 0, ctx.currency)} of ${total} so far. Depending on your bank it can take 5–10 days to show.`,
        ],
        rows: lineRows(order, ctx.currency),
      };
    }
  }
}

/**
 * Mails the order's customer about `kind`, in the caller's transaction; `stored` is the order as
 * it is after the change. An order placed from an unverified address, or past the day's allowance
 * of mailed orders, mails nobody (`mailCustomer: false`): the address may be a stranger's.
 */
export function mailCustomer(
  tx: Transaction,
  kind: CustomerMailKind,
  stored: StoredDoc<OrderDoc>,
  ctx: OrderMailContext,
): void {
  if (stored.data.mailCustomer === false) return;
  const order = toOrder(stored);
  // A mail of each kind an order, but one for each part of the payment refunded.
  const occasion = kind === 'order_partly_refunded' ? `-${order.refunds?.at(-1)?.refundId}` : '';
  queueMail(
    tx,
    `${order._id}-${kind}${occasion}`,
    { to: order.email, kind, about: order._id, now: ctx.now },
    customerContent(kind, order, ctx),
  );
}

/** Tells the shop about a new order. */
export function mailShopNewOrder(
  tx: Transaction,
  order: Order,
  ctx: OrderMailContext & { shopEmail: string },
): void {
  queueMail(
    tx,
    `${order._id}-shop_new_order`,
    {
      to: ctx.shopEmail,
      replyTo: order.email,
      kind: 'shop_new_order',
      about: order._id,
      now: ctx.now,
    },
    {
      subject: `New order ${order._id}: ${formatMoney(order.totalPrice, ctx.currency)}`,
      paragraphs: [
        `${order.userName} <${order.email}> placed order ${order._id}. It is unpaid until the payment arrives.`,
      ],
      rows: lineRows(order, ctx.currency),
      closing: [shipTo(order)],
    },
  );
}

/**
 * The orders' mails follow their events: the customer's (each kind once an order, by its id) and
 * the shop's of a new order, dated when the change was made.
 */
export const orderMailsOfEvents = (config: {
  currency: string;
  shopEmail: string;
}): OrderEventHandler => ({
  async apply(tx, events) {
    return () => {
      for (const event of events) {
        const { mail, tellShop, at } = event.data;
        const order = orderOfEvent(event);
        const ctx = { currency: config.currency, now: new Date(at) };
        if (mail) mailCustomer(tx, mail.kind, order, { ...ctx, orderLink: mail.orderLink });
        if (tellShop) mailShopNewOrder(tx, toOrder(order), { ...ctx, shopEmail: config.shopEmail });
      }
    };
  },
});
