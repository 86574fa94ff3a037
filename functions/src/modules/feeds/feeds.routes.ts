import { apiPaths } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { publicCacheControl } from '../../http/public-json.js';
import type { Catalogue, CatalogueView } from '../parts/catalogue-snapshot.js';
import { googleFeed } from './google-feed.js';

/** The shop's name in the feed's channel. */
const SHOP_TITLE = 'Sprocket';

/**
 * GET /feeds/google.xml (docs/decisions/102): public, kept by a CDN as long as the catalogue's
 * reads, and written once per catalogue snapshot (Merchant Center fetches it on a schedule).
 */
export function feedsRoutes(deps: AppDeps, catalogue: Catalogue) {
  const written = new WeakMap<CatalogueView, string>();
  const cacheControl = publicCacheControl(deps.config.cacheMaxAgeMs);
  return new Hono<AppEnv>().get(apiPaths.googleFeed(), async (c) => {
    const view = await catalogue.current();
    let feed = written.get(view);
    if (feed === undefined) {
      feed = googleFeed(
        view.entries.map((entry) => entry.part),
        { origin: deps.config.publicUrl, title: SHOP_TITLE, currency: deps.config.currency },
      );
      written.set(view, feed);
    }
    return c.body(feed, 200, {
      'content-type': 'application/rss+xml; charset=utf-8',
      'cache-control': cacheControl,
    });
  });
}
