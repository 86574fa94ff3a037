/**
 * A cart built from its lines (issue 34 item 4, docs/decisions/082): the one function that turns
 * wanted lines and what each finds in the shop now into the cart a screen shows. The server's
 * stored cart (GET /cart and every change), a visitor's browser cart (priced from the catalogue)
 * and the cart the checkout leaves behind all come from here, so they cannot drift apart.
 * The cart reserves nothing: a line shows the stock there is now and why it cannot be checked
 * out as it is (docs/product.md §4.1).
 */
import type { Cart, CartLine } from '../api/entities.js';
import type { Cents } from '../money.js';
import { checkOrderQuantity } from '../orders/order-rules.js';
import { priceLines } from '../pricing/pricing.js';

/** A cart line's identity: its part and, for a part sold in variants, the variant's sku. */
export const cartLineKey = (partId: string, sku?: string | null): string =>
  sku ? `${partId}:${sku}` : partId;

/** One wanted line: a part, how many, and the variant (sku) of a part sold in variants. */
export interface CartItem {
  partId: string;
  quantity: number;
  sku?: string;
}

/** The part a line names, as the shop has it now (the stored part, or the catalogue's). */
export interface CartPart {
  productName: string;
  img: string;
  /** Its price; a line the shop cannot sell shows it. */
  price: Cents;
  /** Its minimum order. */
  order: number;
}

/**
 * What one line finds: what it sells (the part, or one variant with its sku and label), at what
 * price, and how many units there are now; or, for a part found that cannot be sold so (a
 * variant not chosen, not sold, or a sku on a part sold as one), why not (soldVariant).
 */
export type CartGoods =
  | { part: CartPart; price: Cents; sku?: string; variant?: string; available: number }
  | { part: CartPart; refusal: string };

/** A line before it is priced: the goods now, and whether the wanted quantity can be had. */
function cartLine(item: CartItem, goods: CartGoods): Omit<CartLine, 'lineTotal'> {
  const { part } = goods;
  const sold = 'refusal' in goods ? undefined : goods;
  const available = sold?.available ?? 0;
  const message =
    'refusal' in goods
      ? goods.refusal
      : checkOrderQuantity({ order: part.order, quantity: available }, item.quantity)?.message;
  const sku = sold ? sold.sku : item.sku;
  return {
    partId: item.partId,
    partName: part.productName,
    img: part.img,
    price: sold ? sold.price : part.price,
    quantity: item.quantity,
    // A refused line keeps the sku it was stored with, so it can be changed and taken out.
    ...(sku !== undefined && { sku }),
    ...(sold?.sku !== undefined && { variant: sold.variant }),
    available,
    minimumOrder: part.order,
    exceedsStock: item.quantity > available,
    ...(message !== undefined && { message }),
  };
}

/**
 * The cart of these lines: each priced (priceLines), the items counted, the subtotal, and whether
 * it can be checked out as it is (some lines, none with a message).
 */
export function cartFromLines(lines: readonly Omit<CartLine, 'lineTotal'>[]): Cart {
  const { lines: priced, itemCount, subtotal } = priceLines(lines);
  return {
    lines: priced,
    itemCount,
    subtotal,
    canCheckout: priced.length > 0 && priced.every((line) => line.message === undefined),
  };
}

/**
 * The cart of `items`, in their order, from what `goodsOf` finds for each now; a line that finds
 * nothing (its part was deleted, or is not in the catalogue) is left out.
 */
export function buildCart<I extends CartItem>(
  items: readonly I[],
  goodsOf: (item: I, index: number) => CartGoods | null | undefined,
): Cart {
  return cartFromLines(
    items.flatMap((item, index) => {
      const goods = goodsOf(item, index);
      return goods ? [cartLine(item, goods)] : [];
    }),
  );
}
