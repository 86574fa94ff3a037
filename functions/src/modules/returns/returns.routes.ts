/**
 * Returns (issue 37 item 2, docs/decisions/098): POST /ordered/{id}/returns (the order's customer,
 * or the holder of its private link), GET /admin/returns?status=, POST
 * /admin/returns/{id}/approve|refuse|receive, and the return window under GET and PUT
 * /admin/return-settings (admins).
 */
import {
  approveReturnSchema,
  askReturnSchema,
  idParamsSchema,
  refuseReturnSchema,
  returnSettingsSchema,
  returnsQuerySchema,
  type OrderReturn,
  type ReturnSettings,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly, requireUserOrOrderLink } from '../../http/access.js';
import { validate, validateParams, validateQuery } from '../../http/validate.js';
import { adminAct } from '../audit/audit-log.js';
import { forbidden } from '../errors.js';
import type { OrderDeps } from '../orders/order-deps.js';
import type { OrderCaller } from '../orders/order-record.js';
import { getReturnSettings, setReturnSettings } from './return-settings.js';
import { askReturn, decideReturn, listReturns, receiveReturn } from './returns.service.js';

export function returnsRoutes(deps: AppDeps, orders: OrderDeps) {
  const admin = adminOnly(deps);
  const order = validateParams(idParamsSchema, { notFound: 'Order' });
  const oneReturn = validateParams(idParamsSchema, { notFound: 'Return' });
  return new Hono<AppEnv>()
    .post(
      '/ordered/:id/returns',
      requireUserOrOrderLink(deps),
      order,
      validate(askReturnSchema),
      async (c) => {
        const { id } = c.get('params');
        const link = c.get('orderLink');
        if (link && link.orderId !== id) throw forbidden('This order link is for another order');
        const caller: OrderCaller = link ? { orderLink: link.orderId } : c.get('caller');
        return c.json(
          (await askReturn(orders, id, caller, c.get('body'))) satisfies OrderReturn,
          201,
        );
      },
    )
    .get('/admin/returns', ...admin, validateQuery(returnsQuerySchema), async (c) =>
      c.json((await listReturns(orders, c.get('query').status)) satisfies OrderReturn[]),
    )
    .post(
      '/admin/returns/:id/approve',
      ...admin,
      oneReturn,
      validate(approveReturnSchema),
      async (c) =>
        c.json(
          await decideReturn(
            orders,
            c.get('params').id,
            { approve: c.get('body').instructions },
            adminAct(c, deps.clock),
          ),
        ),
    )
    .post(
      '/admin/returns/:id/refuse',
      ...admin,
      oneReturn,
      validate(refuseReturnSchema),
      async (c) =>
        c.json(
          await decideReturn(
            orders,
            c.get('params').id,
            { refuse: c.get('body').reason },
            adminAct(c, deps.clock),
          ),
        ),
    )
    .post('/admin/returns/:id/receive', ...admin, oneReturn, async (c) =>
      c.json(await receiveReturn(orders, c.get('params').id, adminAct(c, deps.clock))),
    )
    .get('/admin/return-settings', ...admin, async (c) =>
      c.json((await getReturnSettings(deps.store)) satisfies ReturnSettings),
    )
    .put('/admin/return-settings', ...admin, validate(returnSettingsSchema), async (c) =>
      c.json(
        (await setReturnSettings(
          deps.store,
          c.get('body'),
          adminAct(c, deps.clock),
        )) satisfies ReturnSettings,
      ),
    );
}
