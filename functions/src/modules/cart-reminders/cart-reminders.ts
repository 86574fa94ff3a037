/**
 * Carts left behind (issue 37 item 4, docs/decisions/097): a signed-in customer's cart untouched
 * for CART_REMINDER_AFTER_HOURS, with parts of it still in stock, gets one reminder mail that
 * links back to the cart. None after an order placed since the cart last changed, none to an
 * address the identity provider has not vouched for, none when the customer turned reminders off
 * in My Profile, and never a second one for the same cart (`remindedAt`, kept until the cart is
 * emptied). The sweep runs it: the local timer, and the scheduled function in production.
 */
import {
  CART_REMINDER_AFTER_HOURS,
  formatMoney,
  plainName,
  type CartLine,
  type MailValues,
} from '@sprocket/contract';
import type { Store } from '../../store/port.js';
import { CARTS, cartId, getCart, type CartDoc } from '../cart/cart.service.js';
import { customerMessage, queueMail, type MailShop } from '../mail/mail.service.js';
import { ORDERS } from '../orders/order-record.js';
import { preferencesOf } from '../profiles/preferences.service.js';
import { USERS, userDocId, type UserDoc } from '../users/users.service.js';

export interface CartRemindersDeps {
  store: Store;
  clock: () => Date;
  config: { publicUrl: string; currency: string };
  /** The shop that writes (decision 104). */
  brand: () => Promise<MailShop>;
}

const HOUR_MS = 60 * 60_000;

/** The lines a reminder offers: those the shop can still sell as they are in the cart. */
const stillInStock = (lines: readonly CartLine[]) =>
  lines.filter((line) => !line.exceedsStock && !line.message && line.available > 0);

/** The reminder's values (docs/decisions/107): the customer, the lines, the way back to the cart. */
export function cartReminderValues(
  name: string,
  lines: readonly Pick<CartLine, 'quantity' | 'partName' | 'lineTotal'>[],
  { publicUrl, currency }: CartRemindersDeps['config'],
): MailValues {
  return {
    customerName: name,
    cartLines: lines.map((line) => [
      `${line.quantity} × ${line.partName}`,
      formatMoney(line.lineTotal, currency),
    ]),
    cartLink: new URL('/cart', publicUrl).href,
    profileLink: new URL('/dashboard', publicUrl).href,
  };
}

/** Whether `email` placed an order at or after `since` (the cart's last change). */
async function orderedSince(store: Store, email: string, since: string): Promise<boolean> {
  const orders = await store.query(ORDERS, {
    where: [
      { field: 'email', op: '==', value: email },
      { field: 'createdAt', op: '>=', value: since },
    ],
    limit: 1,
  });
  return orders.length > 0;
}

/** Reminds every cart left behind that may be reminded; answers how many were. */
export async function remindLeftCarts(deps: CartRemindersDeps): Promise<number> {
  const { store } = deps;
  const now = deps.clock();
  const idleSince = new Date(now.getTime() - CART_REMINDER_AFTER_HOURS * HOUR_MS).toISOString();
  const idle = await store.query<CartDoc>(CARTS, {
    where: [{ field: 'updatedAt', op: '<=', value: idleSince }],
  });
  let reminded = 0;
  const shop = await deps.brand();
  for (const { id, data: cart } of idle) {
    if (cart.items.length === 0 || cart.remindedAt) continue;
    const [user, preferences, ordered] = await Promise.all([
      store.get<UserDoc>(USERS, userDocId(cart.email)),
      preferencesOf(store, cart.email),
      orderedSince(store, cart.email, cart.updatedAt),
    ]);
    if (!user?.data.emailVerified || !preferences.cartReminders || ordered) continue;
    const lines = stillInStock((await getCart(store, cart.email)).lines);
    if (lines.length === 0) continue;
    const sent = await store.runTransaction(async (tx) => {
      const current = await tx.get<CartDoc>(CARTS, id);
      // Changed since it was read (a line added, an order's checkout): its next turn decides.
      if (!current || current.data.updatedAt !== cart.updatedAt || current.data.remindedAt) {
        return false;
      }
      tx.update(CARTS, id, { remindedAt: now.toISOString() });
      // One id per cart and change: a sweep run twice writes one mail.
      queueMail(
        tx,
        `cart-reminder-${cartId(cart.email)}-${cart.updatedAt}`,
        { to: cart.email, kind: 'cart_reminder', about: id, now },
        customerMessage(
          'cart_reminder',
          shop,
          cartReminderValues(plainName(user.data.name ?? '') || cart.email, lines, deps.config),
        ),
      );
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}
