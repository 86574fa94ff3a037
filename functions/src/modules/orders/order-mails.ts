/** What the shop writes to a customer (and to itself) when an order changes (docs/product.md §4.1). */
import {
  amountRows,
  lineName,
  formatMoney,
  orderNumber,
  returnLinesText,
  returnReasonLabel,
  trackingLinkOf,
  type CancelReason,
  type MailValues,
  type Order,
  type OrderReturn,
} from '@sprocket/contract';
import { orderLinkUrl } from '../../auth/order-token.js';
import type { StoredDoc, Transaction } from '../../store/port.js';
import { orderOfEvent, type CustomerMailKind } from './order-events.js';
import type { OrderEventHandler } from './order-outbox.js';
import { toOrder, type OrderDoc } from './order-record.js';
import { customerMessage, mailMessage, queueMail, type MailShop } from '../mail/mail.service.js';

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

/** A return's lines, each with its reason and the customer's note. */
const returnRows = (orderReturn: OrderReturn): [string, string][] =>
  orderReturn.lines.map((line) => [
    `${line.quantity} × ${line.partName}`,
    [returnReasonLabel[line.reason], line.note].filter(Boolean).join(': '),
  ]);

/** Where a guest's mails send them (their order's private page), and a customer's (My Orders). */
const where = (ctx: Pick<OrderMailContext, 'orderLink'>, guest: string, customer: string) =>
  ctx.orderLink ? guest : customer;

/**
 * Each placeholder's value in an order's mail of `kind` (docs/decisions/107): what the order, its
 * shipment, refunds or return say. The API's preview shows the same values.
 */
export function orderMailValues(
  kind: CustomerMailKind,
  order: Order,
  ctx: Pick<OrderMailContext, 'currency' | 'orderLink' | 'orderReturn'>,
): MailValues {
  const money = (cents: number) => formatMoney(cents, ctx.currency);
  const common: MailValues = {
    customerName: order.userName,
    orderNumber: orderNumber(order._id),
    orderTotal: money(order.totalPrice),
    orderLines: lineRows(order, ctx.currency),
    deliveryAddress: order.address,
    phone: order.number,
    orderPageLink: ctx.orderLink ?? '',
  };
  switch (kind) {
    case 'return_asked':
    case 'return_approved':
    case 'return_refused':
    case 'return_received': {
      const orderReturn = ctx.orderReturn;
      if (!orderReturn) throw new Error(`A ${kind} mail needs its return`);
      return {
        ...common,
        returnLines: returnRows(orderReturn),
        returnAmount: money(orderReturn.amount),
        returnWhere: where(ctx, "on your order's page", 'under My Orders'),
        returnInstructions: orderReturn.instructions ?? '',
        refusalReason: orderReturn.refusal ?? '',
      };
    }
    case 'order_placed':
      return {
        ...common,
        payWhere: where(ctx, "on your order's page", 'from My Orders'),
        holdUntil: order.expiresAt ? new Date(order.expiresAt).toUTCString() : '',
      };
    case 'order_paid':
      return common;
    case 'order_shipped':
      return {
        ...common,
        carrier: order.shipment?.carrier ?? '',
        trackingNumber: order.shipment?.trackingNumber ?? '',
        // "Track parcel" opens the carrier's page where the shop knows its address (decision 090).
        trackingLink: (order.shipment && trackingLinkOf(order.shipment)) ?? '',
      };
    case 'order_cancelled':
      return { ...common, cancelReason: CANCELLED_BECAUSE[order.cancelReason ?? 'customer'] };
    case 'order_refunded':
      return { ...common, refundAmount: money(order.refund?.amount ?? order.totalPrice) };
    case 'order_partly_refunded':
      return {
        ...common,
        refundAmount: money(order.refunds?.at(-1)?.amount ?? 0),
        refundedSoFar: money(order.refunded ?? 0),
      };
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
  queueMail(
    tx,
    `${order._id}-${kind}${occasion}`,
    { to: order.email, kind, about: order._id, now: ctx.now },
    customerMessage(kind, ctx.shop, orderMailValues(kind, order, ctx)),
  );
}

/** Each placeholder's value in the shop's note of a new order. */
export const newOrderNoteValues = (order: Order, currency: string): MailValues => ({
  customerName: order.userName,
  customerEmail: order.email,
  orderNumber: orderNumber(order._id),
  orderTotal: formatMoney(order.totalPrice, currency),
  orderLines: lineRows(order, currency),
  deliveryAddress: order.address,
  phone: order.number,
});

/** Each placeholder's value in the shop's note of a return asked. */
export const returnAskedNoteValues = (order: Order, orderReturn: OrderReturn): MailValues => ({
  customerName: order.userName,
  customerEmail: order.email,
  orderNumber: orderNumber(order._id),
  returnLines: returnRows(orderReturn),
  returnSummary: returnLinesText(orderReturn.lines),
});

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
    mailMessage('shop_new_order', ctx.shop.templates, newOrderNoteValues(order, ctx.currency)),
  );
}

/** Tells the shop a customer asks to return parts. */
function mailShopReturnAsked(
  tx: Transaction,
  order: Order,
  orderReturn: OrderReturn,
  ctx: OrderMailContext & { shopEmail: string },
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
    mailMessage('shop_return_asked', ctx.shop.templates, returnAskedNoteValues(order, orderReturn)),
  );
}

/**
 * The orders' mails follow their events: the customer's (each kind once an order, by its id) and
 * the shop's of a new order, dated when the change was made.
 */
export const orderMailsOfEvents = (
  config: { currency: string; shopEmail: string; tokenSecret: Uint8Array; publicUrl: string },
  shopOf: () => Promise<MailShop>,
): OrderEventHandler => ({
  async apply(tx, events) {
    const shop = await shopOf();
    return () => {
      for (const event of events) {
        const { mail, tellShop, at, orderReturn } = event.data;
        const order = orderOfEvent(event);
        const ctx = { currency: config.currency, now: new Date(at), orderReturn, shop };
        // A guest's mails each carry the order's page, signed afresh: the link of the last one
        // mailed (shipped, say) works for the return window that follows the delivery.
        const orderLink =
          mail?.orderLink ??
          (order.data.guest === true
            ? orderLinkUrl(config, { orderId: order.id, email: order.data.email }, new Date(at))
            : undefined);
        if (mail) mailCustomer(tx, mail.kind, order, { ...ctx, orderLink });
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
