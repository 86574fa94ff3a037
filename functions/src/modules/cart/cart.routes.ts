/** The signed-in customer's stored cart (docs/product.md §4.1): each call answers the whole cart. */
import { cartMergeSchema, cartQuantitySchema, idParamsSchema, type Cart } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { requireUser } from '../../http/access.js';
import { validate, validateParams } from '../../http/validate.js';
import { getCart, mergeCart, removeCartItem, setCartItem } from './cart.service.js';

export function cartRoutes(deps: AppDeps) {
  const user = requireUser(deps);
  // /cart/items/{partId}: an id that cannot exist names no part (404).
  const part = validateParams(idParamsSchema, { notFound: 'Part' });
  return (
    new Hono<AppEnv>()
      .get('/cart', user, async (c) =>
        c.json((await getCart(deps.store, c.get('caller').email)) satisfies Cart),
      )
      .put('/cart/items/:id', user, part, validate(cartQuantitySchema), async (c) => {
        const { quantity, sku } = c.get('body');
        const item = { partId: c.get('params').id, quantity, sku };
        return c.json(await setCartItem(deps.store, c.get('caller').email, item, deps.clock()));
      })
      // ?sku= takes out one variant's line of a part sold in variants.
      .delete('/cart/items/:id', user, part, async (c) =>
        c.json(
          await removeCartItem(
            deps.store,
            c.get('caller').email,
            c.get('params').id,
            deps.clock(),
            c.req.query('sku') || undefined,
          ),
        ),
      )
      .post('/cart/merge', user, validate(cartMergeSchema), async (c) =>
        c.json(
          await mergeCart(deps.store, c.get('caller').email, c.get('body').items, deps.clock()),
        ),
      )
  );
}
