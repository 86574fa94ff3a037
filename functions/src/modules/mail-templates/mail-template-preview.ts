/**
 * A mail template with a real order (docs/decisions/107): the latest order, or the one asked for,
 * gives each placeholder's value, by the same functions its real mails use. The mails about no
 * order read theirs from it too: its customer and lines as a cart left behind, its first part as
 * the one back in stock. Links a real mail signs (a guest's order page, an alert's) stand in
 * unsigned: a preview opens nothing.
 */
import {
  orderLinkPath,
  type MailTemplatePreview,
  type MailValues,
  type Order,
  type OrderReturn,
  type TemplatedMailKind,
} from '@sprocket/contract';
import type { Config } from '../../config.js';
import type { Store } from '../../store/port.js';
import { cartReminderValues } from '../cart-reminders/cart-reminders.js';
import { notFound } from '../errors.js';
import { customerMessage, shopValues, type MailShop } from '../mail/mail.service.js';
import { orderMailValues } from '../orders/order-mails.js';
import { ORDERS, toOrder, type OrderDoc } from '../orders/order-record.js';
import { returnsOfOrder } from '../returns/returns.service.js';
import { stockAlertValues } from '../stock-alerts/stock-alert-mails.js';

export interface PreviewDeps {
  store: Store;
  config: Pick<Config, 'currency' | 'publicUrl'>;
  /** The shop as its mails read it, the owner's saved words included. */
  mailShop: () => Promise<MailShop>;
}

/** The order asked for, or the latest one. */
async function previewOrder(store: Store, orderId: string | undefined): Promise<Order> {
  if (orderId !== undefined) {
    const stored = await store.get<OrderDoc>(ORDERS, orderId);
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

/** The order's latest return, or, where it has none, one of all its lines as a return would be. */
async function previewReturn(store: Store, order: Order): Promise<OrderReturn> {
  const { returns = [] } = await returnsOfOrder({ store }, order);
  return (
    returns.at(-1) ?? {
      _id: 'preview',
      orderId: order._id,
      orderNumber: order._id,
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

async function valuesOf(
  kind: TemplatedMailKind,
  order: Order,
  deps: PreviewDeps,
): Promise<MailValues> {
  const { publicUrl, currency } = deps.config;
  const unsigned = (path: string) => `${new URL(path, publicUrl).href}#token=…`;
  switch (kind) {
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

/** The saved template (or the default) rendered with a real order's values. */
export async function previewMailTemplate(
  deps: PreviewDeps,
  kind: TemplatedMailKind,
  orderId: string | undefined,
): Promise<MailTemplatePreview> {
  const [order, shop] = await Promise.all([previewOrder(deps.store, orderId), deps.mailShop()]);
  const values = await valuesOf(kind, order, deps);
  return {
    orderNumber: order._id,
    to: order.email,
    // The shop's own values too, so a draft previewed in the browser reads them as a mail does.
    values: { ...shopValues(shop), ...values },
    message: customerMessage(kind, shop, values),
  };
}
