import { useEffect, useRef } from 'react';
import { useApiSignedIn, useSession } from '../../../lib/auth.js';
import {
  readBrowserCart,
  setBrowserCartQuantity,
  useBrowserCart,
  type BrowserCartItem,
} from '../api/browser-cart.js';
import { useMergeCart } from '../api/merge-cart.js';

/** Takes what was merged out of the browser cart, keeping anything added while it was sent. */
function takeOutMerged(merged: readonly BrowserCartItem[]) {
  for (const item of merged) {
    const now = readBrowserCart().find(
      (line) => line.partId === item.partId && line.sku === item.sku,
    );
    if (now) setBrowserCartQuantity(item.partId, now.quantity - item.quantity, item.sku);
  }
}

/**
 * Once someone is signed in, the cart they filled as a visitor joins their account's cart
 * (POST /cart/merge) and leaves the browser. Renders nothing; mounted once, in the app's layout.
 */
export function CartSync() {
  const session = useSession();
  const apiSignedIn = useApiSignedIn();
  const items = useBrowserCart();
  const merge = useMergeCart();
  // The account the cart joins, once the API knows it (the sign-in's token exchange is done).
  const uid = apiSignedIn ? (session.user?.uid ?? null) : null;
  // One attempt per account and cart: a refused merge is not sent again and again.
  const attempted = useRef<{ uid: string; items: readonly BrowserCartItem[] } | null>(null);

  useEffect(() => {
    if (!uid || items.length === 0 || merge.isPending) return;
    if (attempted.current?.uid === uid && attempted.current.items === items) return;
    attempted.current = { uid, items };
    merge.mutate({ items: [...items] }, { onSuccess: () => takeOutMerged(items) });
  }, [uid, items, merge]);

  return null;
}
