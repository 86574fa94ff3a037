/**
 * A guest's orders (issue 25 item 7, docs/decisions/066 and 080) belong to no account when they
 * are placed: `guest: true`, no `uid`, so no account sees them, whatever its address (anyone may
 * type anyone's address, and open an account with it). An account takes one only by proving the
 * address and the order: signed in at the order's address, verified, with the order's private
 * link (the route checks the link). It then gets the account's uid, shows in its My Orders like
 * its own and, while unpaid, counts among the account's unpaid orders. Its link keeps working
 * until it expires.
 */
import { claimedByAnother, guestClaimRefusal } from '@sprocket/contract';
import type { Store, StoredDoc } from '../../store/port.js';
import { forbidden, notFound } from '../errors.js';
import { accountHolderOf, ORDER_HOLDS, orderHoldsId, type OrderHoldsDoc } from './order-holds.js';
import { isOwnOrder, ORDERS, type OrderDoc } from './order-record.js';

/** The signed-in account that asks for the order. */
export interface Claimant {
  uid: string;
  /** Lower-cased, as the access token carries it. */
  email: string;
  emailVerified: boolean;
}

/**
 * Gives the guest order `orderId` to `account`, in one transaction that reads it, or refuses in
 * plain words (403): another address, an unverified one, an order that is another account's.
 * `claimed` is false when it was the account's already.
 */
export async function claimGuestOrder(
  store: Store,
  orderId: string,
  account: Claimant,
): Promise<{ claimed: boolean; order: StoredDoc<OrderDoc> }> {
  return store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, orderId);
    if (!doc) throw notFound('Order');
    if (doc.data.guest !== true) {
      if (isOwnOrder(doc.data, account)) return { claimed: false, order: doc };
      throw forbidden(claimedByAnother().message);
    }
    const refusal = guestClaimRefusal(doc.data.email, account);
    if (refusal) throw forbidden(refusal.message);
    // An unpaid order joins the account's unpaid ones; the guests' no longer count it.
    const holder = accountHolderOf(account.uid);
    const holds =
      doc.data.status === 'unpaid'
        ? await tx.get<OrderHoldsDoc>(ORDER_HOLDS, orderHoldsId(holder))
        : undefined;
    const owned = { uid: account.uid, guest: false };
    tx.update(ORDERS, orderId, owned);
    if (holds !== undefined) {
      const orderIds = (holds?.data.orderIds ?? []).filter((id) => id !== orderId);
      tx.set(ORDER_HOLDS, orderHoldsId(holder), {
        holder,
        orderIds: [...orderIds, orderId],
      } satisfies OrderHoldsDoc);
    }
    return { claimed: true, order: { id: doc.id, data: { ...doc.data, ...owned } } };
  });
}
