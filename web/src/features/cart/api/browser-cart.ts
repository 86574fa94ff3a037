/**
 * A visitor's cart, kept in this browser's localStorage until they sign in; then it is merged into
 * the account's cart on the server and emptied here. Components read it through useBrowserCart,
 * which re-renders on every change, in this tab or another one.
 */
import { useClientStore } from '../../../lib/use-client-store.js';

/** The localStorage key of the visitor's cart. */
export const BROWSER_CART_KEY = 'sprocket.cart';

export interface BrowserCartItem {
  partId: string;
  quantity: number;
}

const EMPTY: readonly BrowserCartItem[] = [];

const isItem = (value: unknown): value is BrowserCartItem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BrowserCartItem).partId === 'string' &&
  Number.isInteger((value as BrowserCartItem).quantity) &&
  (value as BrowserCartItem).quantity > 0;

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

/** Adds `quantity` of a part, to the line already there if there is one. */
export function addToBrowserCart(partId: string, quantity: number) {
  const items = readBrowserCart();
  const line = items.find((item) => item.partId === partId);
  write(
    line
      ? items.map((item) =>
          item.partId === partId ? { partId, quantity: item.quantity + quantity } : item,
        )
      : [...items, { partId, quantity }],
  );
}

/** Sets a line's quantity; 0 removes it. */
export function setBrowserCartQuantity(partId: string, quantity: number) {
  const items = readBrowserCart();
  if (quantity <= 0) {
    write(items.filter((item) => item.partId !== partId));
    return;
  }
  write(
    items.some((item) => item.partId === partId)
      ? items.map((item) => (item.partId === partId ? { partId, quantity } : item))
      : [...items, { partId, quantity }],
  );
}

export const removeFromBrowserCart = (partId: string) => setBrowserCartQuantity(partId, 0);

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
