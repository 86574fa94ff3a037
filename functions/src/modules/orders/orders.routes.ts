import { deliverOrderSchema, placeOrderSchema } from '@sprocket/contract';
import type { DeleteResult, InsertResult, UpdateResult } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { assertOwnerOrAdmin, requireAdmin, requireUser } from '../../http/auth.js';
import { forbidden } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { normalizeEmail } from '../ids.js';
import { isAdmin } from '../users/users.service.js';
import { deleteOrder, deliverOrder, getOrder, listOrders, placeOrder } from './orders.service.js';

export function ordersRoutes(deps: AppDeps) {
  const user = requireUser(deps);
  return new Hono<AppEnv>()
    .post('/ordered', user, validate(placeOrderSchema), async (c) => {
      const insertedId = await placeOrder(deps.store, c.get('caller'), c.get('body'), deps.clock());
      return c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);
    })
    .get('/ordered', user, async (c) => {
      const caller = c.get('caller');
      const email = c.req.query('email');
      if (email === undefined) {
        if (!(await isAdmin(deps.store, caller.email)))
          throw forbidden('Only admins see all orders');
        return c.json(await listOrders(deps.store));
      }
      await assertOwnerOrAdmin(deps, caller.email, email);
      return c.json(await listOrders(deps.store, normalizeEmail(email)));
    })
    .get('/ordered/:id', user, async (c) => {
      const order = await getOrder(deps.store, c.req.param('id'));
      await assertOwnerOrAdmin(deps, c.get('caller').email, order.email);
      return c.json(order);
    })
    .put('/ordered/:id', user, requireAdmin(deps), validate(deliverOrderSchema), async (c) => {
      const modifiedCount = await deliverOrder(deps.store, c.req.param('id'), deps.clock());
      return c.json({ acknowledged: true, modifiedCount } satisfies UpdateResult);
    })
    .delete('/ordered/:id', user, async (c) => {
      const id = c.req.param('id');
      const order = await getOrder(deps.store, id);
      // The owner never changes, so checking before the transaction is as good as inside it.
      await assertOwnerOrAdmin(deps, c.get('caller').email, order.email);
      await deleteOrder(deps.store, id);
      return c.json({ acknowledged: true, deletedCount: 1 } satisfies DeleteResult);
    });
}
