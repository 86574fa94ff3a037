/** What the shop writes to a customer (and to itself) when an order changes (docs/product.md §4.1). */
import {
  amountRows,
  lineName,
  formatMoney,
  returnLinesText,
  returnReasonLabel,
  trackingLinkOf,
  type CancelReason,
  type Order,
  type OrderReturn,
} from '@sprocket/contract';
import type { StoredDoc, Transaction } from '../../store/port.js';
import { orderOfEvent, type CustomerMailKind } from './order-events.js';
import type { OrderEventHandler } from './order-outbox.js';
import { toOrder, type OrderDoc } from './order-record.js';
import { queueMail, shopSignature, type MailContent, type MailShop } from '../mail/mail.service.js';

/** What every order mail needs besides the order. */
export interface OrderMailContext {
  currency: string;
  now: Date;
  /** The shop that writes: its name in the subject, its signature at the end (decision 104). */
  shop: MailShop;
  /**
   * A guest's order: the address of its private page (docs/decisions/066), which the mail that
   * confirms it carries, since the guest has no My Orders.
   */
  orderLink?: string;
  /** A return's mail: the return as its step left it (docs/decisions/098). */
  orderReturn?: OrderReturn;
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

/** A return's lines, each with its reason and the customer's note. */
const returnRows = (orderReturn: OrderReturn): [string, string][] =>
  orderReturn.lines.map((line) => [
    `${line.quantity} × ${line.partName}`,
    [returnReasonLabel[line.reason], line.note].filter(Boolean).join(': '),
  ]);

/** Where a return's steps show: the order's page (a guest's private link), or My Orders. */
const returnLink = (ctx: OrderMailContext) =>
  ctx.orderLink ? { link: { label: "Your order's page", url: ctx.orderLink } } : {};

/** The mail of a return's step. */
function returnContent(order: Order, orderReturn: OrderReturn, ctx: OrderMailContext): MailContent {
  const number = `order ${order._id}`;
  const amount = formatMoney(orderReturn.amount, ctx.currency);
  const where = ctx.orderLink ? "on your order's page" : 'under My Orders';
  const says = {
    asked: {
      subject: `${ctx.shop.name}: we have your return request for ${number}`,
      text: `We have your request to return these parts. We will answer it soon; you can follow it ${where}.`,
    },
    approved: {
      subject: `${ctx.shop.name}: your return of ${number} is approved`,
      text: `Your return is approved. Please send the parts back as follows:\n${orderReturn.instructions ?? ''}\nOnce they arrive, we refund ${amount} to the card you paid with.`,
    },
    refused: {
      subject: `${ctx.shop.name}: your return of ${number} was refused`,
      text: `We cannot take these parts back: ${orderReturn.refusal ?? ''}`,
    },
    received: {
      subject: `${ctx.shop.name}: your return of ${number} arrived`,
      text: `The parts you sent back arrived, and we have refunded ${amount} to the card you paid with. Depending on your bank it can take 5–10 days to show.`,
    },
  }[orderReturn.status];
  return {
    subject: says.subject,
    paragraphs: [greeting(order), says.text],
    ...returnLink(ctx),
    rows: returnRows(orderReturn),
  };
}
const shipTo = (order: Order) => `Delivery to: ${order.address}, phone ${order.number}`;

function customerContent(kind: CustomerMailKind, order: Order, ctx: OrderMailContext): MailContent {
  const number = `order ${order._id}`;
  const total = formatMoney(order.totalPrice, ctx.currency);
  switch (kind) {
    case 'return_asked':
    case 'return_approved':
    case 'return_refused':
    case 'return_received':
      if (!ctx.orderReturn) throw new Error(`A ${kind} mail needs its return`);
      return returnContent(order, ctx.orderReturn, ctx);
    case 'order_placed': {
      const where = ctx.orderLink ? "on your order's page" : 'from My Orders';
      return {
        subject: `${ctx.shop.name}: we have your ${number}`,
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
        subject: `${ctx.shop.name}: payment received for ${number}`,
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
        subject: `${ctx.shop.name}: your ${number} is on its way`,
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
        subject: `${ctx.shop.name}: your ${number} was cancelled`,
        paragraphs: [
          greeting(order),
          `Your ${number} was cancelled. ${CANCELLED_BECAUSE[order.cancelReason ?? 'customer']} Nothing was charged.`,
        ],
        rows: lineRows(order, ctx.currency),
      };
    case 'order_refunded':
      return {
        subject: `${ctx.shop.name}: ${number} refunded`,
        paragraphs: [
          greeting(order),
          `We have refunded ${formatMoney(order.refund?.amount ?? order.totalPrice, ctx.currency)} to the card you paid with. Depending on your bank it can take 5–10 days to show.`,
        ],
        rows: lineRows(order, ctx.currency),
      };
    case 'order_partly_refunded': {
      const latest = order.refunds?.at(-1);
      return {
        subject: `${ctx.shop.name}: part of ${number} refunded`,
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
  // A mail of each kind an order, but one for each part of the payment refunded and each return.
  const occasion =
    kind === 'order_partly_refunded'
      ? `-${order.refunds?.at(-1)?.refundId}`
      : ctx.orderReturn
        ? `-${ctx.orderReturn._id}`
        : '';
  const content = customerContent(kind, order, ctx);
  queueMail(
    tx,
    `${order._id}-${kind}${occasion}`,
    { to: order.email, kind, about: order._id, now: ctx.now },
    { ...content, closing: [...(content.closing ?? []), shopSignature(ctx.shop)] },
  );
}

/** Tells the shop about a new order. */
export function mailShopNewOrder(
  tx: Transaction,
  order: Order,
  ctx: Omit<OrderMailContext, 'shop'> & { shopEmail: string },
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

/** Tells the shop a customer asks to return parts. */
function mailShopReturnAsked(
  tx: Transaction,
  order: Order,
  orderReturn: OrderReturn,
  ctx: Omit<OrderMailContext, 'shop'> & { shopEmail: string },
): void {
  queueMail(
    tx,
    `${orderReturn._id}-shop_return_asked`,
    {
      to: ctx.shopEmail,
      replyTo: order.email,
      kind: 'shop_return_asked',
      about: order._id,
      now: ctx.now,
    },
    {
      subject: `Return asked for order ${order._id}: ${returnLinesText(orderReturn.lines)}`,
      paragraphs: [
        `${order.userName} <${order.email}> asks to return parts of order ${order._id}. Approve or refuse it under Returns.`,
      ],
      rows: returnRows(orderReturn),
    },
  );
}

/**
 * The orders' mails follow their events: the customer's (each kind once an order, by its id) and
 * the shop's of a new order, dated when the change was made.
 */
export const orderMailsOfEvents = (
  config: { currency: string; shopEmail: string },
  shopOf: () => Promise<MailShop>,
): OrderEventHandler => ({
  async apply(tx, events) {
    const shop = await shopOf();
    return () => {
      for (const event of events) {
        const { mail, tellShop, at, orderReturn } = event.data;
        const order = orderOfEvent(event);
        const ctx = { currency: config.currency, now: new Date(at), orderReturn };
        if (mail) mailCustomer(tx, mail.kind, order, { ...ctx, shop, orderLink: mail.orderLink });
        if (tellShop) mailShopNewOrder(tx, toOrder(order), { ...ctx, shopEmail: config.shopEmail });
        if (orderReturn?.status === 'asked') {
          mailShopReturnAsked(tx, toOrder(order), orderReturn, {
            ...ctx,
            shopEmail: config.shopEmail,
          });
        }
      }
    };
  },
});
