/**
 * A guest's orders (issue 25 item 7, docs/decisions/066) belong to no account when they are placed:
 * `guest: true`, no `uid`, so no account sees them, whatever its address (anyone may open an
 * account with any address). Once an account proves it holds the address (a verified token
 * exchange, or My Orders read with a verified token), it claims them: they get its uid and show
 * in its My Orders like its own. A claimed order's private link keeps working until it expires.
 */
import type { Store } from '../../store/port.js';
import { ORDERS, type OrderDoc } from './order-record.js';

/** Gives the verified holder `uid` of `email` the guest orders placed with it; how many. */
export async function claimGuestOrders(store: Store, email: string, uid: string): Promise<number> {
  const found = await store.query<OrderDoc>(ORDERS, {
    where: [
      { field: 'email', op: '==', value: email },
      { field: 'guest', op: '==', value: true },
    ],
  });
  // Each in a transaction of its own that reads it again: one claimed meanwhile stays as it is.
  const claimed = await Promise.all(
    found.map(({ id }) =>
      store.runTransaction(async (tx) => {
        const doc = await tx.get<OrderDoc>(ORDERS, id);
        if (doc?.data.guest !== true || doc.data.email !== email) return 0;
        tx.update(ORDERS, id, { uid, guest: false });
        return 1;
      }),
    ),
  );
  return claimed.reduce<number>((sum, n) => sum + n, 0);
}
