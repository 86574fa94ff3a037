/**
 * One cart for every screen, whoever is looking: a visitor's lives in the browser, a signed-in
 * customer's on the server. Screens read it with useCart and change it with useCartActions and
 * never need to know which one it is.
 */
import {
  buildCart,
  cartFromLines,
  cartLineKey,
  soldVariant,
  variantLabel,
  type Cart,
  type CartGoods,
  type CataloguePart,
  type Part,
} from '@sprocket/contract';
import { useMutationState } from '@tanstack/react-query';
import type { RetryableQuery } from '../../../components/feedback/query-error.js';
import { isApiSignedIn, useApiSignedIn, useSession } from '../../../lib/auth.js';
import { mutationKeys } from '../../../lib/query-keys.js';
import {
  addToBrowserCart,
  removeFromBrowserCart,
  setBrowserCartQuantity,
  useBrowserCart,
  type BrowserCartItem,
} from '../api/browser-cart.js';
import { getCart, useServerCart } from '../api/get-cart.js';
import { useRemoveCartItem } from '../api/remove-cart-item.js';
import { useSetCartQuantity } from '../api/set-cart-quantity.js';

export type CartState =
  | { status: 'loading' }
  /** `read`: the stored cart that could not be read, to ask again; none when a merge failed. */
  | { status: 'error'; error: unknown; read?: RetryableQuery }
  | { status: 'ready'; cart: Cart; owner: 'visitor' | 'customer' };

/** A part of the catalogue; the catalogue's answer carries its variants (a bare Part has none). */
type CataloguedPart = Part & Partial<Pick<CataloguePart, 'options' | 'variants'>>;

/**
 * What a browser line finds in the catalogue now, by the rule the server applies (soldVariant):
 * the variant's price and stock for a part sold in variants, the part's own for a part sold as
 * one, or why it cannot be sold so.
 */
function visitorGoods(item: BrowserCartItem, part: CataloguedPart): CartGoods {
  const chosen = soldVariant(part, item.sku);
  if ('refusal' in chosen) return { part, refusal: chosen.refusal };
  const { variant } = chosen;
  return variant
    ? {
        part,
        price: variant.price,
        sku: variant.sku,
        variant: variantLabel(part.options ?? [], variant),
        available: variant.quantity,
      }
    : { part, price: part.price, available: part.quantity };
}

/**
 * The visitor's cart priced with the catalogue, built as the server builds the stored cart (the
 * contract's buildCart); parts no longer sold are left out.
 */
export function visitorCart(
  items: readonly BrowserCartItem[],
  catalogue: readonly CataloguedPart[],
): Cart {
  const byId = new Map(catalogue.map((part) => [part._id, part]));
  return buildCart(items, (item) => {
    const part = byId.get(item.partId);
    return part && visitorGoods(item, part);
  });
}

/** The latest merge of a browser cart into the account's, if any ran in this session. */
function useLatestMerge() {
  const merges = useMutationState({
    filters: { mutationKey: mutationKeys.mergeCart() },
    select: (mutation) => ({ status: mutation.state.status, error: mutation.state.error }),
  });
  return merges.at(-1);
}

/**
 * The cart with its lines priced. A visitor's is priced from `catalogue` (the parts list, which
 * the screen loads); a customer's comes priced from the server. While a visitor's cart that was
 * just signed in to is being merged, the cart is loading, so nobody sees it half empty.
 */
export function useCart(catalogue: readonly CataloguedPart[] | undefined): CartState {
  const session = useSession();
  const apiSignedIn = useApiSignedIn();
  const browserItems = useBrowserCart();
  const server = useServerCart(apiSignedIn);
  const merge = useLatestMerge();

  if (session.status === 'loading') return { status: 'loading' };
  if (session.status === 'signedOut') {
    if (browserItems.length === 0)
      return { status: 'ready', owner: 'visitor', cart: cartFromLines([]) };
    return catalogue
      ? { status: 'ready', owner: 'visitor', cart: visitorCart(browserItems, catalogue) }
      : { status: 'loading' };
  }
  // Signing in: the cart is the account's once the API knows who it is.
  if (!apiSignedIn) return { status: 'loading' };
  if (browserItems.length > 0)
    return merge?.status === 'error'
      ? { status: 'error', error: merge.error }
      : { status: 'loading' };
  if (server.isPending) return { status: 'loading' };
  if (server.isError) return { status: 'error', error: server.error, read: server };
  return { status: 'ready', owner: 'customer', cart: server.data };
}

/** How many items the cart holds (the navigation bar's count), or null while unknown. */
export function useCartItemCount(): number | null {
  const session = useSession();
  const apiSignedIn = useApiSignedIn();
  const browserItems = useBrowserCart();
  const server = useServerCart(apiSignedIn);
  const browserCount = browserItems.reduce((sum, item) => sum + item.quantity, 0);
  if (session.status === 'loading') return null;
  if (session.status === 'signedOut') return browserCount;
  // Until the browser's lines are merged they are still the customer's: count both.
  return server.data ? server.data.itemCount + browserCount : null;
}

/**
 * The cart's changes. A line is a part, or one variant of it named by `sku` for a part sold in
 * variants (docs/decisions/064).
 */
export interface CartActions {
  /** Adds `quantity` of a part to its line (a new line if there is none). */
  add(partId: string, quantity: number, sku?: string): Promise<void>;
  setQuantity(partId: string, quantity: number, sku?: string): Promise<void>;
  remove(partId: string, sku?: string): Promise<void>;
  /** The line being saved, while one is (cartLineKey: the part, and its variant's sku). */
  savingLine: string | null;
}

export function useCartActions(): CartActions {
  // While a sign-in completes, what is added waits in the browser and is merged after. Read when
  // an action runs, not in the render: every card's Add to cart would re-render once the session
  // is known after the hydration, all in one commit (docs/decisions/117).
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveCartItem();

  const saving = setQuantity.isPending
    ? setQuantity.variables
    : remove.isPending
      ? remove.variables
      : undefined;
  const savingLine = saving ? cartLineKey(saving.partId, saving.sku) : null;

  return {
    savingLine,
    async add(partId, quantity, sku) {
      if (!isApiSignedIn()) return addToBrowserCart(partId, quantity, sku);
      // The server sets a line's quantity: add to what it holds now, which another device may
      // have changed since this one last looked (read past the cache, which a change may cancel).
      const cart = await getCart();
      const key = cartLineKey(partId, sku);
      const current =
        cart.lines.find((line) => cartLineKey(line.partId, line.sku) === key)?.quantity ?? 0;
      await setQuantity.mutateAsync({ partId, quantity: current + quantity, sku });
    },
    async setQuantity(partId, quantity, sku) {
      if (!isApiSignedIn()) return setBrowserCartQuantity(partId, quantity, sku);
      await setQuantity.mutateAsync({ partId, quantity, sku });
    },
    async remove(partId, sku) {
      if (!isApiSignedIn()) return removeFromBrowserCart(partId, sku);
      await remove.mutateAsync({ partId, sku });
    },
  };
}
