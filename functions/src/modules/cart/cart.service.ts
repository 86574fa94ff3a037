/**
 * A signed-in customer's cart, stored so it follows them to another device. It reserves nothing:
 * each answer shows the parts as they are now, and flags a line that wants more than is available.
 * Stock is reserved only by the checkout (docs/product.md §4.1).
 */
import {
  CART_LINES_MAX,
  checkOrderQuantity,
  priceLines,
  type Cart,
  type CartItemInput,
  type CartLine,
} from '@sprocket/contract';
import { conflict, notFound } from '../errors.js';
import { isSafeId, keyId, normalizeEmail } from '../../store/ids.js';
import type { DocData, Store, StoredDoc, Transaction } from '../../store/port.js';
import { PARTS, type PartDoc } from '../parts/part-record.js';
import { partUnits } from '../stock/part-stock.js';

export const CARTS = 'carts';

/** One document per customer: the wanted parts in the order they were added. */
export type CartDoc = {
  email: string;
  items: { partId: string; quantity: number }[];
  updatedAt: string;
} & DocData;

export const cartId = (email: string) => keyId('cart', normalizeEmail(email));

const cartFull = () => conflict(`The cart holds at most ${CART_LINES_MAX} different parts`);

function cartLine(
  part: StoredDoc<PartDoc>,
  quantity: number,
  available: number,
): Omit<CartLine, 'lineTotal'> {
  const { productName, img, price, order: minimumOrder } = part.data;
  const problem = checkOrderQuantity({ order: minimumOrder, quantity: available }, quantity);
  const line: Omit<CartLine, 'lineTotal'> = {
    partId: part.id,
    partName: productName,
    img,
    price,
    quantity,
    available,
    minimumOrder,
    exceedsStock: quantity > available,
  };
  if (problem) line.message = problem.message;
  return line;
}

/** The cart as the customer sees it: today's parts, prices and stock. A deleted part drops out. */
async function cartView(store: Store, items: CartDoc['items']): Promise<Cart> {
  const found = await Promise.all(items.map((item) => store.get<PartDoc>(PARTS, item.partId)));
  const wanted = items.flatMap((item, index) => {
    const part = found[index];
    return part ? [{ part, quantity: item.quantity }] : [];
  });
  const units = await partUnits(
    store.stock,
    store,
    wanted.map(({ part }) => part),
  );
  const { lines, itemCount, subtotal } = priceLines(
    wanted.map(({ part, quantity }, index) => cartLine(part, quantity, units[index]!)),
  );
  return {
    lines,
    itemCount,
    subtotal,
    canCheckout: lines.length > 0 && lines.every((line) => line.message === undefined),
  };
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
    const cart: CartDoc = {
      email: normalizeEmail(email),
      items: next,
      updatedAt: now.toISOString(),
    };
    tx.set(CARTS, cartId(email), cart);
    return next;
  });
  return cartView(store, items);
}

/** Sets the quantity of one part in the cart, adding the line if it is new. */
export async function setCartItem(
  store: Store,
  email: string,
  { partId, quantity }: CartItemInput,
  now: Date,
): Promise<Cart> {
  if (!isSafeId(partId)) throw notFound('Part');
  return changeCart(store, email, now, async (items, tx) => {
    if (!(await tx.get<PartDoc>(PARTS, partId))) throw notFound('Part');
    if (items.some((item) => item.partId === partId)) {
      return items.map((item) => (item.partId === partId ? { partId, quantity } : item));
    }
    if (items.length >= CART_LINES_MAX) throw cartFull();
    return [...items, { partId, quantity }];
  });
}

/** Takes a part out of the cart; taking out one that is not there changes nothing. */
export async function removeCartItem(
  store: Store,
  email: string,
  partId: string,
  now: Date,
): Promise<Cart> {
  return changeCart(store, email, now, async (items) =>
    items.filter((item) => item.partId !== partId),
  );
}

/**
 * Merges a visitor's browser cart into the account's at sign-in. A part in both keeps the larger
 * quantity, so a merge sent twice changes nothing; parts that no longer exist are left out, and
 * lines beyond the cart's size are dropped.
 */
export async function mergeCart(
  store: Store,
  email: string,
  incoming: CartItemInput[],
  now: Date,
): Promise<Cart> {
  return changeCart(store, email, now, async (items, tx) => {
    const parts = await Promise.all(
      incoming.map((item) => (isSafeId(item.partId) ? tx.get<PartDoc>(PARTS, item.partId) : null)),
    );
    const merged = new Map(items.map((item) => [item.partId, item.quantity]));
    incoming.forEach(({ partId, quantity }, index) => {
      if (!parts[index]) return;
      const had = merged.get(partId);
      if (had !== undefined) merged.set(partId, Math.max(had, quantity));
      else if (merged.size < CART_LINES_MAX) merged.set(partId, quantity);
    });
    return [...merged].map(([partId, quantity]) => ({ partId, quantity }));
  });
}

/**
 * For the checkout's transaction: reads the customer's cart now and returns the write that takes
 * the checked-out parts out of it (nothing, when the customer has no stored cart).
 */
export async function prepareCartRemoval(
  tx: Transaction,
  email: string,
  partIds: readonly string[],
  now: Date,
): Promise<() => void> {
  const doc = await tx.get<CartDoc>(CARTS, cartId(email));
  return () => {
    if (!doc) return;
    const left = doc.data.items.filter((item) => !partIds.includes(item.partId));
    tx.update(CARTS, doc.id, { items: left, updatedAt: now.toISOString() });
  };
}
