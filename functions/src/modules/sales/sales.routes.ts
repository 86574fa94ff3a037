/**
 * GET /admin/sales (admin): the Overview's figures for a range of days in the shop's time zone
 * (docs/decisions/070). POST /admin/sales/rebuild (admin): the one-off backfill of the daily
 * totals from the orders stored before them. GET /admin/low-stock (admin): the parts and variants at
 * or below their low-stock threshold (Manage Products' "Low stock" filter).
 */
import { apiPaths, salesQuerySchema } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { validateQuery } from '../../http/validate.js';
import { adminOnly } from '../../http/access.js';
import { adminAct } from '../audit/audit-log.js';
import { rebuildSalesDays } from './sales-rebuild.js';
import { lowStockItems, salesReport } from './sales.service.js';

export function salesRoutes(deps: AppDeps) {
  const admin = adminOnly(deps);
  return new Hono<AppEnv>()
    .get(apiPaths.adminSales(), ...admin, validateQuery(salesQuerySchema), async (c) =>
      c.json(await salesReport(deps.store, deps.config, c.get('query'), deps.clock())),
    )
    .get(apiPaths.adminLowStock(), ...admin, async (c) => c.json(await lowStockItems(deps.store)))
    .post(apiPaths.rebuildSales(), ...admin, async (c) =>
      c.json(await rebuildSalesDays(deps.store, deps.config.timeZone, adminAct(c, deps.clock))),
    );
}
