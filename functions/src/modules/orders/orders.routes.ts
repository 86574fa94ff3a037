import {
  checkoutSchema,
  deliverOrderSchema,
  idParamsSchema,
  ordersListQuerySchema,
  placeOrderSchema,
  refundOrderSchema,
  shipOrderSchema,
} from '@sprocket/contract';
import type { DeleteResult, InsertResult, Order, UpdateResult } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly, assertOwnerOrAdmin, requireUser } from '../../http/auth.js';
import { forbidden } from '../errors.js';
import { memoryRateCounter, rateLimit } from '../../http/rate-limit.js';
import { validate, validateParams, validateQuery } from '../../http/validate.js';
import { normalizeEmail } from '../../store/ids.js';
import { isAdmin } from '../users/users.service.js';
import { asksForAnything, pageResponse } from '../list-query.js';
import { queryOrders } from './order-list.js';
import { cancelOrder, markOrderDelivered, refundOrder, shipOrder } from './order-transitions.js';
import {
  checkout,
  deleteOrder,
  deliverOrder,
  getOrder,
  listOrders,
  placeOrder,
  type OrderDeps,
} from './orders.service.js';

export function ordersRoutes(deps: AppDeps, orders: OrderDeps) {
  const user = requireUser(deps);
  const admin = adminOnly(deps);
  const order = validateParams(idParamsSchema, { notFound: 'Order' });
  // One allowance for both ways of ordering: the spec's purchase and the checkout.
  const placementLimit = rateLimit({
    what: 'Too many orders in a short time',
    // A shopper places a few orders a minute; a script placing more is cut off.
    limit: deps.config.ordersPerMinute,
    windowMs: 60_000,
    key: (c) => `order-account:${c.get('caller').uid}`,
    counter: deps.rateCounter ?? memoryRateCounter(),
    clock: deps.clock,
  });

  /**
   * The order for its owner or an admin (403 for anyone else), with an expired hold settled, and
   * who the caller is to it.
   */
  const orderForOwnerOrAdmin = async (
    callerEmail: string,
    id: string,
  ): Promise<{ found: Order; actor: 'customer' | 'admin' }> => {
    const found = await getOrder(orders, id);
    // The owner never changes, so checking before the transaction is as good as inside it.
    await assertOwnerOrAdmin(deps, callerEmail, found.email);
    return { found, actor: callerEmail === found.email ? 'customer' : 'admin' };
  };

  return new Hono<AppEnv>()
    .post('/ordered', user, placementLimit, validate(placeOrderSchema), async (c) => {
      const insertedId = await placeOrder(orders, c.get('caller'), c.get('body'));
      return c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);
    })
    .post('/checkout', user, placementLimit, validate(checkoutSchema), async (c) => {
      const insertedId = await checkout(orders, c.get('caller'), c.get('body'));
      return c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);
    })
    .get('/ordered', user, validateQuery(ordersListQuerySchema), async (c) => {
      const caller = c.get('caller');
      const { email, ...listQuery } = c.get('query');
      if (email === undefined) {
        if (!(await isAdmin(deps.store, caller.email)))
          throw forbidden('Only admins see all orders');
      } else {
        await assertOwnerOrAdmin(deps, caller.email, email);
      }
      const found = await listOrders(
        orders,
        email === undefined ? undefined : normalizeEmail(email),
      );
      // Without list parameters, the original API's answer: every order, oldest first.
      return pageResponse(
        c,
        asksForAnything(listQuery)
          ? queryOrders(found, listQuery, deps.clock())
          : { items: found, total: found.length },
      );
    })
    .get('/ordered/:id', user, order, async (c) => {
      const { found } = await orderForOwnerOrAdmin(c.get('caller').email, c.get('params').id);
      return c.json(found);
    })
    .put('/ordered/:id', ...admin, order, validate(deliverOrderSchema), async (c) => {
      const modifiedCount = await deliverOrder(deps.store, c.get('params').id, deps.clock());
      return c.json({ acknowledged: true, modifiedCount } satisfies UpdateResult);
    })
    .delete('/ordered/:id', user, order, async (c) => {
      const { id } = c.get('params');
      const { actor } = await orderForOwnerOrAdmin(c.get('caller').email, id);
      await deleteOrder(orders, id, actor);
      return c.json({ acknowledged: true, deletedCount: 1 } satisfies DeleteResult);
    })
    .post('/ordered/:id/cancel', user, order, async (c) => {
      const { id } = c.get('params');
      const { actor } = await orderForOwnerOrAdmin(c.get('caller').email, id);
      return c.json(await cancelOrder(orders, id, actor));
    })
    .post('/ordered/:id/ship', ...admin, order, validate(shipOrderSchema), async (c) =>
      c.json(await shipOrder(orders, c.get('params').id, c.get('body'))),
    )
    .post('/ordered/:id/delivered', ...admin, order, async (c) =>
      c.json(await markOrderDelivered(orders, c.get('params').id)),
    )
    .post('/ordered/:id/refund', ...admin, order, validate(refundOrderSchema), async (c) =>
      c.json(await refundOrder(orders, c.get('params').id, c.get('body'))),
    );
}
