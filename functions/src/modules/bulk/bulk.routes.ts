/** The catalogue in bulk (issue 23 item 7): the parts and orders as CSV files, for admins only. */
import {
  apiPaths,
  csvMessages,
  CSV_CONTENT_TYPES,
  PARTS_IMPORT_MAX_BYTES,
  ordersSelectionSchema,
  type PartsImportSummary,
} from '@sprocket/contract';
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { rawBodyLimit } from '../../http/raw-body-limit.js';
import { adminAct } from '../audit/audit-log.js';
import { badRequest, unsupportedMediaType } from '../errors.js';
import { adminOnly } from '../../http/access.js';
import { validateQuery } from '../../http/validate.js';
import { daysRange } from '../days-range.js';
import { exportOrdersCsv } from './orders-csv.service.js';
import { exportPartsCsv } from './parts-csv-rows.js';
import { importParts } from './parts-csv.service.js';
import { weighPartsLowStock } from '../stock/weigh-parts-low-stock.js';

/** The import's path: a POST whose body is CSV, with a limit of its own (app.ts). */
export const PARTS_IMPORT_PATH = apiPaths.importParts();

/** A CSV file to download, named for the shop and the day. */
function csvFile(c: Context, text: string, name: string, now: Date) {
  const day = now.toISOString().slice(0, 10);
  return c.body(text, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="sprocket-${name}-${day}.csv"`,
    'cache-control': 'no-store',
  });
}

/** `?dryRun=true` (or 1) only says what an import would do. */
function isDryRun(value: string | undefined): boolean {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1' || value === '') return true;
  throw badRequest('dryRun must be true or false');
}

/** All Orders' filters but the days, which `daysRange` reads. */
const ordersSelection = ordersSelectionSchema.omit(['from', 'to']);

export function bulkRoutes(deps: AppDeps) {
  const admin = adminOnly(deps);
  return (
    new Hono<AppEnv>()
      .get(apiPaths.partsCsv(), ...admin, async (c) => {
        const text = await exportPartsCsv(deps.store, deps.config.currency);
        return csvFile(c, text, 'parts', deps.clock());
      })
      .post(
        PARTS_IMPORT_PATH,
        ...admin,
        ...rawBodyLimit(PARTS_IMPORT_MAX_BYTES, csvMessages.tooLarge),
        async (c) => {
          const dryRun = isDryRun(c.req.query('dryRun'));
          const bytes = new Uint8Array(await c.req.arrayBuffer());
          const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
          if (!(CSV_CONTENT_TYPES as readonly string[]).includes(type)) {
            throw unsupportedMediaType(csvMessages.wrongType);
          }
          const summary = await importParts(deps.store, bytes, {
            dryRun,
            currency: deps.config.currency,
            act: adminAct(c, deps.clock),
          });
          // Parts imported with little or no stock are on the Low stock list at once (091).
          if (!summary.dryRun) {
            await weighPartsLowStock(
              deps.store,
              [...summary.added, ...summary.updated].flatMap(({ id }) => (id ? [id] : [])),
              { now: deps.clock(), shopDefault: deps.config.lowStock },
            );
          }
          return c.json(summary satisfies PartsImportSummary);
        },
      )
      // `from` and `to` are read apart: besides days they take times with an offset, as before.
      .get(apiPaths.ordersCsv(), ...admin, validateQuery(ordersSelection), async (c) => {
        const range = daysRange({ from: c.req.query('from'), to: c.req.query('to') }, 'createdAt');
        const now = deps.clock();
        const { currency } = deps.config;
        const text = await exportOrdersCsv(deps.store, currency, c.get('query'), range, now);
        return csvFile(c, text, 'orders', now);
      })
  );
}
