/**
 * The checkout (POST /checkout, a guest's too): every line of the cart, priced with the shipping
 * method and code, placed through create-order.ts with the stored cart's change and the address
 * book's in the same transaction.
 */
import { cartLineKey, orderMessages, type CheckoutInput } from '@sprocket/contract';
import { conflict, validationFailed } from '../../errors.js';
import { prepareCartRemoval } from '../../cart/cart.service.js';
import { prepareAddressSave } from '../../profiles/saved-address.service.js';
import type { PricingRequest } from '../../shop-pricing/order-pricing.js';
import { isGuest, type Buyer, type OrderDeps } from '../order-deps.js';
import { createOrder, type OrderRecorder } from './create-order.js';

/**
 * The checkout (POST /checkout): one order of every line, all reserved or none. Lines the shop
 * cannot supply (a part gone, more than its stock) are a 409 whose fields name each of them by
 * part id, with any line below its minimum too; only lines below their minimum are a 422. The
 * checked-out parts leave the stored cart, and the address can be kept for next time.
 */
export async function checkout(
  deps: OrderDeps,
  caller: Buyer,
  input: CheckoutInput,
  recordResult?: OrderRecorder,
): Promise<string> {
  const items = input.items.map(({ partId, quantity, sku }) => ({
    partId,
    quantity,
    ...(sku && { sku }),
  }));
  // The cart's lines to take out: by part, and by variant for a part sold in variants.
  const partIds = items.map((item) => cartLineKey(item.partId, item.sku));
  return createOrder(
    deps,
    caller,
    {
      items,
      address: input.address,
      number: input.number,
      expectedTotal: input.expectedTotal,
      pricing: pricingRequestOf(input),
      recordResult,
    },
    (shortLines) => {
      const fields = Object.fromEntries(
        shortLines.map((line) => [cartLineKey(line.partId, line.sku), line.message]),
      );
      // Lines the shop cannot supply are a 409; below a minimum or without a variant, a 422.
      const unavailable = shortLines.filter(
        (line) => line.kind === 'gone' || line.kind === 'over_stock',
      );
      if (unavailable.length === 0) return validationFailed(fields);
      const names = unavailable.map((line) =>
        line.partName ? `${line.partName} (${line.message})` : 'a part that is no longer sold',
      );
      return conflict(orderMessages.someLinesShort(names), fields);
    },
    // A guest has no stored cart and no address book.
    isGuest(caller)
      ? undefined
      : async (tx, now, userName) => {
          const removeFromCart = await prepareCartRemoval(tx, caller.email, partIds, now);
          const keepAddress = input.saveAddress
            ? await prepareAddressSave(
                tx,
                caller.email,
                {
                  name: userName,
                  address: input.address,
                  number: input.number,
                  ...(input.country && { country: input.country.trim().toUpperCase() }),
                  ...(input.region?.trim() && { region: input.region.trim().toUpperCase() }),
                },
                now,
              )
            : undefined;
          return () => {
            removeFromCart();
            keepAddress?.();
          };
        },
  );
}

/** What a checkout body asks of the pricing: the method, the code, the place (issue 25). */
const pricingRequestOf = (input: CheckoutInput): PricingRequest => ({
  shippingMethodId: input.shippingMethodId,
  discountCode: input.discountCode,
  country: input.country,
  region: input.region,
});
