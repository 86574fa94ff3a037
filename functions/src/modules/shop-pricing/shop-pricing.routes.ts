/**
 * Shipping methods, tax and discount codes (issue 25): the owner sets them under /admin (401
 * without a token, 403 for a customer, as every admin call); anyone reads the shipping methods and
 * asks POST /checkout/quote what a checkout would cost.
 */
import {
  checkoutQuoteSchema,
  discountCodeSchema,
  shippingMethodsSchema,
  taxSettingsSchema,
  type CheckoutQuote,
  type DiscountCode,
  type ShippingMethod,
  type TaxSettings,
} from '@sprocket/contract';
import { Hono } from 'hono';
import * as yup from 'yup';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { clientAddress, memoryRateCounter, rateLimit } from '../../http/rate-limit.js';
import { requestText } from '../../http/request-body.js';
import { check, validate } from '../../http/validate.js';
import { badRequest } from '../errors.js';
import { verifyAccessToken } from '../../auth/access-token.js';
import { adminOnly, bearerToken } from '../../http/access.js';
import {
  createDiscount,
  deleteDiscount,
  getShippingMethods,
  getTaxSettings,
  listDiscounts,
  quoteCheckout,
  setShippingMethods,
  setTaxSettings,
} from './shop-pricing.service.js';
import { adminAct } from '../audit/audit-log.js';

/** Quotes one network address may ask for a minute: a checkout page asks a few per change. */
export const QUOTES_PER_MINUTE = 120;

/** PUT /admin/shipping-methods takes the list itself (or `{ methods }`): checked as `methods`. */
const shippingMethodsBody = yup.object({ methods: shippingMethodsSchema });

export function shopPricingRoutes(deps: AppDeps) {
  const admin = adminOnly(deps);
  const quoteLimit = rateLimit({
    what: 'Too many quotes in a short time',
    limit: QUOTES_PER_MINUTE,
    windowMs: 60_000,
    // No account is needed, so the network address is the key.
    key: (c) => `quote-address:${clientAddress(c, deps.config.proxyHops)}`,
    counter: deps.rateCounter ?? memoryRateCounter(),
    clock: deps.clock,
  });
  return new Hono<AppEnv>()
    .get('/shipping-methods', async (c) =>
      c.json((await getShippingMethods(deps.store)) satisfies ShippingMethod[]),
    )
    .put('/admin/shipping-methods', ...admin, async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await requestText(c));
      } catch {
        throw badRequest('The request body must be valid JSON');
      }
      const wrapped = Array.isArray(body) ? { methods: body } : body;
      if (wrapped === null || typeof wrapped !== 'object' || Array.isArray(wrapped)) {
        throw badRequest('Send the list of shipping methods');
      }
      const { methods } = await check(shippingMethodsBody, wrapped as Record<string, unknown>);
      return c.json(
        (await setShippingMethods(
          deps.store,
          methods,
          adminAct(c, deps.clock),
        )) satisfies ShippingMethod[],
      );
    })
    .get('/admin/tax', ...admin, async (c) =>
      c.json((await getTaxSettings(deps.store)) satisfies TaxSettings),
    )
    .put('/admin/tax', ...admin, validate(taxSettingsSchema), async (c) =>
      c.json(
        (await setTaxSettings(
          deps.store,
          c.get('body'),
          adminAct(c, deps.clock),
        )) satisfies TaxSettings,
      ),
    )
    .get('/admin/discounts', ...admin, async (c) =>
      c.json((await listDiscounts(deps.store)) satisfies DiscountCode[]),
    )
    .post('/admin/discounts', ...admin, validate(discountCodeSchema), async (c) =>
      c.json(
        (await createDiscount(
          deps.store,
          c.get('body'),
          adminAct(c, deps.clock),
        )) satisfies DiscountCode,
        201,
      ),
    )
    .delete('/admin/discounts/:code', ...admin, async (c) => {
      await deleteDiscount(deps.store, c.req.param('code'), adminAct(c, deps.clock));
      return c.json({ acknowledged: true, deletedCount: 1 });
    })
    .post('/checkout/quote', validate(checkoutQuoteSchema), quoteLimit, async (c) => {
      const now = deps.clock();
      // No account is needed; a signed-in caller's token lets a code once per customer say
      // "already used" here rather than only at the checkout. A bad token is just no account.
      const token = bearerToken(c);
      const caller = token ? verifyAccessToken(deps.config.tokenSecret, token, now) : null;
      const quote = await quoteCheckout(
        deps.store,
        c.get('body'),
        { now, currency: deps.config.currency },
        caller ? { kind: 'account', email: caller.email } : undefined,
      );
      return c.json(quote satisfies CheckoutQuote);
    });
}
