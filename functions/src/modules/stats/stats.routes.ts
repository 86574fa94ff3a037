/** The Business Summary (GET /stats) and the product-page view counter (POST /parts/{id}/views). */
import { idParamsSchema, type BusinessSummary, type ProductViewResult } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { publicCacheControl, publicJson } from '../../http/public-json.js';
import { clientAddress, memoryRateCounter, rateLimit } from '../../http/rate-limit.js';
import { validateParams } from '../../http/validate.js';
import type { Catalogue } from '../parts/catalogue-snapshot.js';
import { serializeJson } from '../serialized-json.js';
import { countView } from '../views/product-views.js';
import { assertPartExists, businessSummary, cachedFor } from './stats.service.js';

/** Views one network address may send a minute: a shopper opens a few pages, a script many. */
export const VIEWS_PER_ADDRESS_PER_MINUTE = 60;
/** A part viewed again from the same address within this window is not counted again. */
export const VIEW_REPEAT_WINDOW_MS = 30 * 60_000;

export function statsRoutes(deps: AppDeps, catalogue: Catalogue) {
  const counter = deps.rateCounter ?? memoryRateCounter();
  const viewLimit = rateLimit({
    what: 'Too many product views from your network',
    limit: VIEWS_PER_ADDRESS_PER_MINUTE,
    windowMs: 60_000,
    key: (c) => `view-address:${clientAddress(c, deps.config.proxyHops)}`,
    counter,
    clock: deps.clock,
  });
  const summaryJson = cachedFor(
    async () => {
      const parts = (await catalogue.current()).entries.length;
      const summary: BusinessSummary = await businessSummary(deps.store, parts, deps.clock());
      return serializeJson(summary);
    },
    deps.clock,
    deps.config.cacheMaxAgeMs,
  );
  const cacheControl = publicCacheControl(deps.config.cacheMaxAgeMs);
  return new Hono<AppEnv>()
    .get('/stats', async (c) => publicJson(c, await summaryJson(), cacheControl))
    .post(
      '/parts/:id/views',
      validateParams(idParamsSchema, { notFound: 'Part' }),
      viewLimit,
      async (c) => {
        const partId = c.get('params').id;
        await assertPartExists(deps.store, partId);
        // The rate counter (shared by every instance in production) remembers who saw what lately.
        const seen = `view-seen:${clientAddress(c, deps.config.proxyHops)}:${partId}`;
        const at = deps.clock().getTime();
        const { count } = await counter.hit(seen, VIEW_REPEAT_WINDOW_MS, at);
        const counted = count === 1;
        if (counted) {
          try {
            await countView(deps.store, partId, {
              now: deps.clock(),
              timeZone: deps.config.timeZone,
            });
          } catch (error) {
            // Not counted (the store was busy: a 503 with Retry-After), so not seen either: the
            // view asked again after it is counted then.
            await counter.hit(seen, VIEW_REPEAT_WINDOW_MS, at, -1);
            throw error;
          }
        }
        return c.json({ counted } satisfies ProductViewResult);
      },
    );
}
