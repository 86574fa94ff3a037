import { apiPaths } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { publicCacheControl } from '../../http/public-json.js';
import type { Catalogue, CatalogueView } from '../parts/catalogue-snapshot.js';
import { googleFeed } from './google-feed.js';

/**
 * GET /feeds/google.xml (docs/decisions/102): public, kept by a CDN as long as the catalogue's
 * reads, and written once per catalogue snapshot (Merchant Center fetches it on a schedule).
 */
export function feedsRoutes(
  deps: AppDeps,
  catalogue: Catalogue,
  /** The shop's name, the channel's title (docs/decisions/104). */
  shopName: () => Promise<string>,
) {
  const written = new WeakMap<CatalogueView, { title: string; feed: string }>();
  const cacheControl = publicCacheControl(deps.config.cacheMaxAgeMs);
  return new Hono<AppEnv>().get(apiPaths.googleFeed(), async (c) => {
    const [view, title] = await Promise.all([catalogue.current(), shopName()]);
    let feed = written.get(view)?.title === title ? written.get(view)?.feed : undefined;
    if (feed === undefined) {
      feed = googleFeed(
        view.entries.map((entry) => entry.part),
        {
          origin: deps.config.publicUrl,
          title,
          currency: deps.config.currency,
          categories: view.categories,
        },
      );
      written.set(view, { title, feed });
    }
    return c.body(feed, 200, {
      'content-type': 'application/rss+xml; charset=utf-8',
      'cache-control': cacheControl,
    });
  });
}
