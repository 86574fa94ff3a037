import { paths } from '../../../config/paths.js';
import { useChosenQuantity } from '../../../lib/chosen-quantity.js';

/**
 * Where a part's "Buy Now" goes: its purchase page, for the variant shown and with the quantity
 * chosen beside Add to cart when it is not the minimum order (docs/decisions/085), which the
 * purchase page, or a guest's checkout, starts from.
 */
export function useBuyNowHref(partId: string, sku?: string): string {
  const quantity = useChosenQuantity(partId, sku);
  return paths.purchase.getHref(partId, { sku, quantity });
}
