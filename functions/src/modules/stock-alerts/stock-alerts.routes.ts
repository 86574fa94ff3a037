/**
 * Back in stock (issue 37 item 3, docs/decisions/100): anyone asks for an alert on a sold-out part
 * (size); the mailed links confirm and unsubscribe without signing in; admins count who waits.
 */
import {
  idParamsSchema,
  stockAlertLinkSchema,
  stockAlertSchema,
  stockAlertTexts,
  type StockAlertAnswer,
  type StockAlertCount,
  type StockAlertLinkAnswer,
} from '@sprocket/contract';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly, requireUser } from '../../http/access.js';
import { validate, validateParams } from '../../http/validate.js';
import { validationFailed } from '../errors.js';
import type { MailShop } from '../mail/mail.service.js';
import {
  askForStockAlert,
  confirmStockAlert,
  unsubscribeStockAlert,
  waitingCounts,
  type StockAlertDeps,
} from './stock-alerts.service.js';

export function stockAlertsRoutes(deps: AppDeps, brand: () => Promise<MailShop>) {
  const admin = adminOnly(deps);
  const user = requireUser(deps);
  // Signed in when the call says so (and then checked as any signed-in call), else a guest.
  const userIfSignedIn = createMiddleware<AppEnv>((c, next) =>
    c.req.header('authorization') === undefined ? next() : user(c, next),
  );
  const alertDeps: StockAlertDeps = {
    store: deps.store,
    clock: deps.clock,
    config: deps.config,
    brand,
  };
  return new Hono<AppEnv>()
    .post(
      '/parts/:id/alerts',
      userIfSignedIn,
      validateParams(idParamsSchema, { notFound: 'Part' }),
      validate(stockAlertSchema),
      async (c) => {
        const { email, sku } = c.get('body');
        // Hono answers undefined for a variable no middleware set: here, a guest.
        const caller = c.get('caller') as AppEnv['Variables']['caller'] | undefined;
        if (!caller && !email) throw validationFailed({ email: stockAlertTexts.emailNeeded });
        const asker = caller
          ? { email: caller.email, verified: caller.emailVerified }
          : { email: email ?? '', verified: false };
        const { created, answer } = await askForStockAlert(
          alertDeps,
          c.get('params').id,
          sku || undefined,
          asker,
        );
        return c.json(answer satisfies StockAlertAnswer, created ? 201 : 200);
      },
    )
    .post('/alerts/confirm', validate(stockAlertLinkSchema), async (c) =>
      c.json(
        (await confirmStockAlert(alertDeps, c.get('body').token)) satisfies StockAlertLinkAnswer,
      ),
    )
    .post('/alerts/unsubscribe', validate(stockAlertLinkSchema), async (c) =>
      c.json(
        (await unsubscribeStockAlert(
          alertDeps,
          c.get('body').token,
        )) satisfies StockAlertLinkAnswer,
      ),
    )
    .get('/admin/stock-alerts', ...admin, async (c) =>
      c.json((await waitingCounts(deps.store)) satisfies StockAlertCount[]),
    );
}
