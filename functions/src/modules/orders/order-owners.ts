/**
 * Which account an order belongs to, when an address changes hands (decision 048): orders owns
 * every write of an order (issue 34), so the account hand-over (modules/accounts/) asks these.
 */
import type { Store } from '../../store/port.js';
import { ORDERS, type OrderDoc } from './order-record.js';

const ordersOf = (store: Store, email: string) =>
  store.query<OrderDoc>(ORDERS, { where: [{ field: 'email', op: '==', value: email }] });

/**
 * Gives the orders of `email` that carry no account the earlier account's `uid`; a guest's order
 * no account has claimed stays a guest's (decision 066).
 */
export async function stampOrdersOwner(store: Store, email: string, uid: string): Promise<void> {
  const orders = await ordersOf(store, email);
  await Promise.all(
    orders
      .filter(({ data }) => data.uid === undefined && data.guest !== true)
      .map(({ id }) => store.update(ORDERS, id, { uid })),
  );
}

/** Gives `uid` the orders of `email` that belonged to the accounts `gone`, which no longer exist. */
export async function takeOrdersOfGoneAccounts(
  store: Store,
  email: string,
  uid: string,
  gone: readonly string[],
): Promise<void> {
  const orders = await ordersOf(store, email);
  await Promise.all(
    orders
      .filter(({ data }) => data.uid !== undefined && gone.includes(data.uid))
      .map(({ id }) => store.update(ORDERS, id, { uid })),
  );
}
