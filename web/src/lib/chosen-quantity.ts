import { useCallback, useSyncExternalStore } from 'react';

/**
 * The quantity a shopper has chosen beside a part's Add to cart, for the Buy Now of the same card
 * or product page to carry to the purchase page (docs/decisions/085): the cart feature's quantity
 * field writes it, the parts feature's Buy Now reads it. Nothing is chosen when a page is first
 * rendered, on the server or in the browser, so a page hydrates as the server rendered it.
 */
const chosen = new Map<string, number>();
const listeners = new Set<() => void>();

const keyOf = (partId: string, sku?: string) => JSON.stringify([partId, sku ?? null]);

/** Records the quantity chosen of a part (of its variant `sku`); undefined: none, or not valid. */
export function setChosenQuantity(partId: string, sku: string | undefined, quantity?: number) {
  const key = keyOf(partId, sku);
  if (chosen.get(key) === quantity) return;
  if (quantity === undefined) chosen.delete(key);
  else chosen.set(key, quantity);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const nothingChosen = () => undefined;

/** The quantity chosen of a part (of its variant `sku`), if one is. */
export function useChosenQuantity(partId: string, sku?: string): number | undefined {
  const key = keyOf(partId, sku);
  const read = useCallback(() => chosen.get(key), [key]);
  return useSyncExternalStore(subscribe, read, nothingChosen);
}
