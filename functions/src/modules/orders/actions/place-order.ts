/** The spec's purchase (POST /ordered): one line, placed through create-order.ts. */
import type { PlaceOrderInput } from '@sprocket/contract';
import type { AccessClaims } from '../../../auth/access-token.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import type { OrderDeps } from '../order-deps.js';
import { createOrder, type OrderRecorder } from './create-order.js';

/**
 * The spec's purchase (POST /ordered): a one-line order. A missing part is a 404, a quantity below
 * the part's minimum a 422 on orderQuantity, more than its stock a 409.
 */
export async function placeOrder(
  deps: OrderDeps,
  caller: AccessClaims,
  input: PlaceOrderInput,
  recordResult?: OrderRecorder,
): Promise<string> {
  const request = {
    items: [{ partId: input.partId, quantity: input.orderQuantity, sku: input.sku }],
    address: input.address,
    number: input.number,
    recordResult,
  };
  return createOrder(deps, caller, request, ([short]) => {
    if (!short || short.kind === 'gone') return notFound('Part');
    if (short.kind === 'below_minimum') return validationFailed({ orderQuantity: short.message });
    if (short.kind === 'variant') return validationFailed({ sku: short.message });
    return conflict(short.message);
  });
}
