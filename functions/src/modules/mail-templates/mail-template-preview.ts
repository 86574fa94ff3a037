/**
 * A mail template with a real order (docs/decisions/107): the latest order, or the one asked for,
 * gives each placeholder's value, by the same functions its real mails use. The mails about no
 * order read theirs from it too: its customer and lines as a cart left behind, its first part as
 * the one back in stock or gone low, its payment as the one disputed or not refunded. Links a
 * real mail signs (a guest's order page, an alert's) stand in unsigned: a preview opens nothing.
 * The contact message's mail is previewed with the latest message, or a sample while there is
 * none: no order has one.
 */
import {
  formatMoney,
  lineName,
  mailAudience,
  orderLinkPath,
  orderNumber,
  type ContactMessage,
  type MailTemplatePreview,
  type MailValues,
  type Order,
  type OrderReturn,
  type TemplatedMailKind,
} from '@sprocket/contract';
import type { Config } from '../../config.js';
import type { Store, StoredDoc } from '../../store/port.js';
import { cartReminderValues } from '../cart-reminders/cart-reminders.js';
import { CONTACT_MESSAGES, contactNoteValues } from '../contact/contact.service.js';
import { notFound } from '../errors.js';
import { customerMessage, shopValues, type MailShop } from '../mail/mail.service.js';
import {
  newOrderNoteValues,
  orderMailValues,
  returnAskedNoteValues,
} from '../orders/order-mails.js';
import { ORDERS, toOrder, type OrderDoc } from '../orders/order-record.js';
import { disputeNoteValues } from '../payments/payment-events.js';
import { refundFailedNoteValues } from '../payments/payments.service.js';
import { returnsOfOrder } from '../returns/returns.service.js';
import { lowStockNoteValues } from '../stock/low-stock.js';
import { stockAlertValues } from '../stock-alerts/stock-alert-mails.js';

export interface PreviewDeps {
  store: Store;
  config: Pick<Config, 'currency' | 'publicUrl' | 'shopEmail' | 'lowStock'>;
  /** The shop as its mails read it, the owner's saved words included. */
  mailShop: () => Promise<MailShop>;
}

/** The order asked for, or the latest one. */
async function previewOrder(store: Store, orderId: string | undefined): Promise<Order> {
  if (orderId !== undefined) {
    const stored =
      (await store.get<OrderDoc>(ORDERS, orderId)) ?? (await orderOfNumber(store, orderId));
    if (!stored) throw notFound('Order');
    return toOrder(stored);
  }
  const [latest] = await store.query<OrderDoc>(ORDERS, {
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit: 1,
  });
  if (!latest) throw notFound('Order');
  return toOrder(latest);
}

/**
 * The order whose short number (what the mails and the order pages show) is `typed`, whatever its
 * case. The store looks orders up by id only, so this reads them all, as Manage All Orders'
 * search does; only an admin's preview asks for it.
 */
async function orderOfNumber(store: Store, typed: string): Promise<StoredDoc<OrderDoc> | null> {
  const wanted = typed.trim().toUpperCase();
  // Longer than a short number: an id that is not there.
  if (!wanted || orderNumber(wanted) !== wanted) return null;
  const orders = await store.query<OrderDoc>(ORDERS);
  return orders.find(({ id }) => orderNumber(id) === wanted) ?? null;
}

/** The order's latest return, or, where it has none, one of all its lines as a return would be. */
async function previewReturn(store: Store, order: Order): Promise<OrderReturn> {
  const { returns = [] } = await returnsOfOrder({ store }, order);
  return (
    returns.at(-1) ?? {
      _id: 'preview',
      orderId: order._id,
      orderNumber: orderNumber(order._id),
      email: order.email,
      userName: order.userName,
      status: 'asked',
      lines: order.lines.map((line, index) => ({
        line: index,
        partName: line.partName,
        quantity: line.quantity,
        reason: 'changed_mind',
        note: '',
      })),
      amount: order.totalPrice,
      askedAt: order.createdAt,
      instructions:
        'Your instructions for sending the parts back, as you write them when approving.',
      refusal: 'Your reason, as you write it when refusing.',
    }
  );
}

/** A contact message to preview with while the shop has none. */
const SAMPLE_MESSAGE = {
  name: 'A visitor',
  email: 'visitor@example.com',
  subject: 'A question about a part',
  message: 'The words a visitor writes on the contact form stand here, as they wrote them.',
};

/** The latest contact message, or none. */
async function latestContactMessage(store: Store): Promise<ContactMessage | undefined> {
  const [latest] = await store.query<Omit<ContactMessage, '_id'>>(CONTACT_MESSAGES, {
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit: 1,
  });
  return latest && { _id: latest.id, ...latest.data };
}

async function valuesOf(
  kind: TemplatedMailKind,
  order: Order,
  deps: PreviewDeps,
): Promise<MailValues> {
  const { publicUrl, currency } = deps.config;
  const unsigned = (path: string) => `${new URL(path, publicUrl).href}#token=…`;
  const total = formatMoney(order.totalPrice, currency);
  switch (kind) {
    case 'shop_new_order':
      return newOrderNoteValues(order, currency);
    case 'shop_return_asked':
      return returnAskedNoteValues(order, await previewReturn(deps.store, order));
    case 'shop_low_stock':
      // Its first part, as it would be at the shop's threshold.
      return lowStockNoteValues({
        name: order.lines[0] ? lineName(order.lines[0]) : order.partName,
        units: deps.config.lowStock,
        threshold: deps.config.lowStock,
      });
    case 'shop_refund_failed':
      return refundFailedNoteValues({
        orderId: order._id,
        amount: total,
        intentId: 'the payment’s id',
        orderGone: false,
        providerMessage: 'The payment provider’s reason, in its words.',
      });
    case 'shop_payment_disputed':
    case 'shop_dispute_closed':
      return disputeNoteValues({
        orderId: order._id,
        customerEmail: order.email,
        amount: order.dispute ? formatMoney(order.dispute.amount, currency) : total,
        reason: order.dispute?.reason ?? 'fraudulent',
        status: order.dispute?.closedAt ? order.dispute.status : 'lost',
      });
    case 'shop_contact_message':
      throw new Error('A contact message is previewed without an order');
    case 'cart_reminder':
      return cartReminderValues(order.userName, order.lines, { publicUrl, currency });
    case 'stock_alert_confirm':
    case 'back_in_stock': {
      const partName = order.lines[0]?.partName ?? order.partName;
      const unsubscribeLink = unsigned('/alerts/unsubscribe');
      return kind === 'back_in_stock'
        ? stockAlertValues(partName, {
            partLink: new URL(`/parts/${encodeURIComponent(order.partId)}`, publicUrl).href,
            unsubscribeLink,
          })
        : stockAlertValues(partName, {
            subscriberEmail: order.email,
            confirmLink: unsigned('/alerts/confirm'),
            unsubscribeLink,
          });
    }
    default: {
      const orderLink = order.guest ? unsigned(orderLinkPath(order._id, '')) : undefined;
      const orderReturn = kind.startsWith('return_')
        ? await previewReturn(deps.store, order)
        : undefined;
      return orderMailValues(kind, order, {
        currency,
        ...(orderLink && { orderLink }),
        ...(orderReturn && { orderReturn }),
      });
    }
  }
}

/**
 * The saved template (or the default) rendered with a real order's values, addressed as the mail
 * would be: to the order's customer, the shop's address, or the admin who previews it.
 */
export async function previewMailTemplate(
  deps: PreviewDeps,
  kind: TemplatedMailKind,
  orderId: string | undefined,
  admin: string,
): Promise<MailTemplatePreview> {
  const shop = await deps.mailShop();
  const previewed = (values: MailValues, to: string) => ({
    to,
    // The shop's own values too, so a draft previewed in the browser reads them as a mail does.
    values: { ...shopValues(shop), ...values },
    message: customerMessage(kind, shop, values),
  });
  if (kind === 'shop_contact_message') {
    const latest = await latestContactMessage(deps.store);
    return {
      ...(latest && { contactMessageId: latest._id }),
      ...previewed(contactNoteValues(latest ?? SAMPLE_MESSAGE), deps.config.shopEmail),
    };
  }
  const order = await previewOrder(deps.store, orderId);
  const values = await valuesOf(kind, order, deps);
  const toShop = ['shop_new_order', 'shop_return_asked'].includes(kind);
  const to =
    mailAudience(kind) === 'customer' ? order.email : toShop ? deps.config.shopEmail : admin;
  return { orderNumber: orderNumber(order._id), ...previewed(values, to) };
}
