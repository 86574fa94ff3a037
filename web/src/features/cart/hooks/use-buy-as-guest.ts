import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useCartActions } from './use-cart.js';

/** What a guest buys from Buy Now: a part (the variant chosen) and how many. */
export interface GuestPurchase {
  partId: string;
  sku?: string;
  quantity: number;
}

/**
 * "Continue as guest" on Login, for a visitor who came from Buy Now (docs/decisions/085): the part
 * goes into the visitor's cart with the quantity chosen as its line's quantity (a line of it
 * already there takes that quantity; the cart's other lines stay), and the checkout opens, where
 * a guest gives an email address and pays.
 */
export function useBuyAsGuest(): (purchase: GuestPurchase) => Promise<void> {
  const actions = useCartActions();
  const navigate = useNavigate();
  return async ({ partId, sku, quantity }) => {
    await actions.setQuantity(partId, quantity, sku);
    await navigate(paths.checkout.getHref());
  };
}
