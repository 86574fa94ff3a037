/**
 * A signed-in customer's cart, stored so it follows them to another device. It reserves nothing:
 * each answer shows the parts as they are now, and flags a line that wants more than is available.
 * Stock is reserved only by the checkout (docs/product.md §4.1).
 */
import {
  buildCart,
  CART_LINES_MAX,
  cartLineKey,
  type Cart,
  type CartGoods,
  type CartItemInput,
} from '@sprocket/contract';
import { conflict, notFound, validationFailed } from '../errors.js';
import { isSafeId, keyId, normalizeEmail } from '../../store/ids.js';
import type { DocData, Store, Transaction } from '../../store/port.js';
import { PARTS, type PartDoc } from '../stock/part-record.js';
import { findSellables } from '../stock/variant-stock.js';

export const CARTS = 'carts';

/**
 * One document per customer: the wanted parts in the order they were added; `sku` names the
 * variant of a part sold in variants (docs/decisions/064).
 */
export type CartDoc = {
  email: string;
  items: { partId: string; quantity: number; sku?: string }[];
  updatedAt: string;
  /**
   * When the cart, left behind, was reminded of (cart-reminders/, issue 37 item 4): once per
   * cart, so kept while the cart has lines, and gone when it is emptied and a new one begins.
   */
  remindedAt?: string;
} & DocData;

type CartItem = CartDoc['items'][number];

export const cartId = (email: string) => keyId('cart', normalizeEmail(email));

const cartFull = () => conflict(`The cart holds at most ${CART_LINES_MAX} different parts`);

const keyOf = (item: { partId: string; sku?: string }) => cartLineKey(item.partId, item.sku);

/**
 * What each item finds now (buildCart's goods): the goods it sells and their stock; for a variant
 * not (or no longer) sold, the part and why, so the customer sees the line and takes it out. A
 * deleted part finds nothing and drops out.
 */
async function cartGoods(store: Store, items: CartDoc['items']): Promise<(CartGoods | null)[]> {
  const found = await findSellables(store, items);
  const sellables = found.flatMap((lookup) => ('sellable' in lookup ? [lookup.sellable] : []));
  const units = await store.stock.count(
    store,
    sellables.map((sellable) => sellable.stocked),
  );
  const unitsOf = new Map(sellables.map((sellable, at) => [sellable, units[at] ?? 0]));
  return Promise.all(
    items.map(async (item, index): Promise<CartGoods | null> => {
      const lookup = found[index];
      if (lookup && 'sellable' in lookup) {
        const { sellable } = lookup;
        return {
          part: sellable.part.data,
          price: sellable.price,
          ...(sellable.sku !== undefined && { sku: sellable.sku, variant: sellable.variant }),
          available: unitsOf.get(sellable) ?? 0,
        };
      }
      if (lookup && 'refusal' in lookup && lookup.refusal === 'variant') {
        const part = await store.get<PartDoc>(PARTS, item.partId);
        return part && { part: part.data, refusal: lookup.message };
      }
      return null;
    }),
  );
}

/** The cart as the customer sees it: today's parts, prices and stock (the contract's buildCart). */
async function cartView(store: Store, items: CartDoc['items']): Promise<Cart> {
  const goods = await cartGoods(store, items);
  return buildCart(items, (_, index) => goods[index]);
}

export async function getCart(store: Store, email: string): Promise<Cart> {
  const doc = await store.get<CartDoc>(CARTS, cartId(email));
  return cartView(store, doc?.data.items ?? []);
}

/** Reads the cart, lets `change` rewrite its items, writes them back, and answers the new cart. */
async function changeCart(
  store: Store,
  email: string,
  now: Date,
  change: (items: CartDoc['items'], tx: Transaction) => Promise<CartDoc['items']>,
): Promise<Cart> {
  const items = await store.runTransaction(async (tx) => {
    const doc = await tx.get<CartDoc>(CARTS, cartId(email));
    const next = await change(doc?.data.items ?? [], tx);
    const remindedAt = next.length > 0 ? doc?.data.remindedAt : undefined;
    const cart: CartDoc = {
      email: normalizeEmail(email),
      items: next,
      updatedAt: now.toISOString(),
      ...(remindedAt && { remindedAt }),
    };
    tx.set(CARTS, cartId(email), cart);
    return next;
  });
  return cartView(store, items);
}

/**
 * Sets the quantity of one part (of one variant, by its sku, for a part sold in variants) in the
 * cart, adding the line if it is new. A part gone is a 404; a missing or unknown sku a 422.
 */
export async function setCartItem(
  store: Store,
  email: string,
  { partId, quantity, sku }: CartItemInput,
  now: Date,
): Promise<Cart> {
  if (!isSafeId(partId)) throw notFound('Part');
  const item: CartItem = { partId, quantity, ...(sku && { sku }) };
  return changeCart(store, email, now, async (items, tx) => {
    const [lookup] = await findSellables(tx, [item]);
    if (!lookup || ('refusal' in lookup && lookup.refusal === 'gone')) throw notFound('Part');
    if ('refusal' in lookup) throw validationFailed({ sku: lookup.message });
    if (items.some((had) => keyOf(had) === keyOf(item))) {
      return items.map((had) => (keyOf(had) === keyOf(item) ? item : had));
    }
    if (items.length >= CART_LINES_MAX) throw cartFull();
    return [...items, item];
  });
}

/** Takes a part (or one variant of it) out of the cart; one that is not there changes nothing. */
export async function removeCartItem(
  store: Store,
  email: string,
  partId: string,
  now: Date,
  sku?: string,
): Promise<Cart> {
  return changeCart(store, email, now, async (items) =>
    items.filter((item) => keyOf(item) !== cartLineKey(partId, sku)),
  );
}

/**
 * Merges a visitor's browser cart into the account's at sign-in. A line in both keeps the larger
 * quantity, so a merge sent twice changes nothing; parts that no longer exist (or variants no
 * longer sold) are left out, and lines beyond the cart's size are dropped.
 */
export async function mergeCart(
  store: Store,
  email: string,
  incoming: CartItemInput[],
  now: Date,
): Promise<Cart> {
  return changeCart(store, email, now, async (items, tx) => {
    const found = await findSellables(tx, incoming);
    const merged = new Map(items.map((item) => [keyOf(item), item]));
    incoming.forEach(({ partId, quantity, sku }, index) => {
      const lookup = found[index];
      if (!lookup || !('sellable' in lookup)) return;
      const item: CartItem = { partId, quantity, ...(sku && { sku }) };
      const had = merged.get(keyOf(item));
      if (had !== undefined)
        merged.set(keyOf(item), { ...had, quantity: Math.max(had.quantity, quantity) });
      else if (merged.size < CART_LINES_MAX) merged.set(keyOf(item), item);
    });
    return [...merged.values()];
  });
}

/**
 * For the checkout's transaction: reads the customer's cart now and returns the write that takes
 * the checked-out parts out of it (nothing, when the customer has no stored cart).
 */
export async function prepareCartRemoval(
  tx: Transaction,
  email: string,
  lineKeys: readonly string[],
  now: Date,
): Promise<() => void> {
  const doc = await tx.get<CartDoc>(CARTS, cartId(email));
  return () => {
    if (!doc) return;
    // A line is its part, and its variant for a part sold in variants (cartLineKey).
    const left = doc.data.items.filter(
      (item) => !lineKeys.includes(cartLineKey(item.partId, item.sku)),
    );
    // Emptied, the cart's reminder goes with it: the next cart is a new one.
    const { remindedAt, ...cart } = doc.data;
    tx.set(CARTS, doc.id, {
      ...cart,
      items: left,
      updatedAt: now.toISOString(),
      ...(left.length > 0 && remindedAt && { remindedAt }),
    });
  };
}
