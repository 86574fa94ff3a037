/**
 * A visitor's cart, kept in this browser's localStorage until they sign in; then it is merged into
 * the account's cart on the server and emptied here. Components read it through useBrowserCart,
 * which re-renders on every change, in this tab or another one.
 */
import { cartLineKey } from '@sprocket/contract';
import { useClientStore } from '../../../lib/use-client-store.js';

/** The localStorage key of the visitor's cart. */
export const BROWSER_CART_KEY = 'sprocket.cart';

export interface BrowserCartItem {
  partId: string;
  quantity: number;
  /** The variant, for a part sold in variants (docs/decisions/064). */
  sku?: string;
}

const EMPTY: readonly BrowserCartItem[] = [];

const isItem = (value: unknown): value is BrowserCartItem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BrowserCartItem).partId === 'string' &&
  Number.isInteger((value as BrowserCartItem).quantity) &&
  (value as BrowserCartItem).quantity > 0 &&
  ['string', 'undefined'].includes(typeof (value as BrowserCartItem).sku);

/** What is stored, or nothing when the entry is missing or was edited into something else. */
function parse(raw: string | null): readonly BrowserCartItem[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isItem) : EMPTY;
  } catch {
    return EMPTY;
  }
}

// useSyncExternalStore needs the same array back while nothing changed.
let cachedRaw: string | null = null;
let cachedItems: readonly BrowserCartItem[] = EMPTY;

export function readBrowserCart(): readonly BrowserCartItem[] {
  const raw = localStorage.getItem(BROWSER_CART_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = parse(raw);
  }
  return cachedItems;
}

const listeners = new Set<() => void>();

function write(items: readonly BrowserCartItem[]) {
  if (items.length === 0) localStorage.removeItem(BROWSER_CART_KEY);
  else localStorage.setItem(BROWSER_CART_KEY, JSON.stringify(items));
  listeners.forEach((listener) => listener());
}

/** A line: its part, and its variant for a part sold in variants. */
const lineOf = (partId: string, quantity: number, sku?: string): BrowserCartItem =>
  sku ? { partId, quantity, sku } : { partId, quantity };
const keyOf = (item: { partId: string; sku?: string }) => cartLineKey(item.partId, item.sku);

/** Adds `quantity` of a part (of one variant), to the line already there if there is one. */
export function addToBrowserCart(partId: string, quantity: number, sku?: string) {
  const items = readBrowserCart();
  const key = cartLineKey(partId, sku);
  const line = items.find((item) => keyOf(item) === key);
  write(
    line
      ? items.map((item) =>
          keyOf(item) === key ? lineOf(partId, item.quantity + quantity, sku) : item,
        )
      : [...items, lineOf(partId, quantity, sku)],
  );
}

/** Sets a line's quantity; 0 removes it. */
export function setBrowserCartQuantity(partId: string, quantity: number, sku?: string) {
  const items = readBrowserCart();
  const key = cartLineKey(partId, sku);
  if (quantity <= 0) {
    write(items.filter((item) => keyOf(item) !== key));
    return;
  }
  write(
    items.some((item) => keyOf(item) === key)
      ? items.map((item) => (keyOf(item) === key ? lineOf(partId, quantity, sku) : item))
      : [...items, lineOf(partId, quantity, sku)],
  );
}

export const removeFromBrowserCart = (partId: string, sku?: string) =>
  setBrowserCartQuantity(partId, 0, sku);

export const clearBrowserCart = () => write(EMPTY);

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same visitor changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === BROWSER_CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's cart lines, kept up to date. */
export const useBrowserCart = (): readonly BrowserCartItem[] =>
  useClientStore(subscribe, readBrowserCart, EMPTY);
