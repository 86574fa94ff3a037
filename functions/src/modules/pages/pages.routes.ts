/**
 * The pages the owner writes (issue 36 item 2): anyone reads the published ones (the footer's
 * list and each page, kept by the CDN as the catalogue is); admins list, add, change and remove
 * them, each change audited. Their rules are the contract's (shopPageSchema).
 */
import {
  apiPaths,
  PAGE_BODY_LIMIT_BYTES,
  PAGE_SLUG_MAX,
  PAGE_SLUG_PATTERN,
  pageMessages,
  shopPageSchema,
  type DeleteResult,
  type ShopPage,
  type ShopPageSummary,
} from '@sprocket/contract';
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/access.js';
import { publicCacheControl, publicJson } from '../../http/public-json.js';
import { rawBodyLimit } from '../../http/raw-body-limit.js';
import { validate } from '../../http/validate.js';
import { adminAct } from '../audit/audit-log.js';
import { DomainError } from '../errors.js';
import { serializeJson } from '../serialized-json.js';
import {
  createPage,
  deletePage,
  getPage,
  listPages,
  listPublishedPages,
  updatePage,
} from './pages.service.js';

/** The admin's pages' calls, which take a page's text: bigger bodies than other JSON (app.ts). */
export const ADMIN_PAGES_PATH = apiPaths.adminPages();

/** The `:slug` of the address; one that no page could have is not there (404). */
function slugOf(c: Context): string {
  const slug = c.req.param('slug') ?? '';
  if (slug.length > PAGE_SLUG_MAX || !PAGE_SLUG_PATTERN.test(slug)) {
    throw new DomainError('not_found', pageMessages.notFound);
  }
  return slug;
}

export function pagesRoutes(deps: AppDeps) {
  const admin = adminOnly(deps);
  const cacheControl = publicCacheControl(deps.config.cacheMaxAgeMs);
  const textLimit = rawBodyLimit(
    PAGE_BODY_LIMIT_BYTES,
    `A page is at most ${PAGE_BODY_LIMIT_BYTES / 1024} KiB`,
  );
  return new Hono<AppEnv>()
    .get('/pages', async (c) =>
      publicJson(
        c,
        serializeJson((await listPublishedPages(deps.store)) satisfies ShopPageSummary[]),
        cacheControl,
      ),
    )
    .get('/pages/:slug', async (c) =>
      publicJson(
        c,
        serializeJson((await getPage(deps.store, slugOf(c))) satisfies ShopPage),
        cacheControl,
      ),
    )
    .get('/admin/pages', ...admin, async (c) =>
      c.json((await listPages(deps.store)) satisfies ShopPageSummary[]),
    )
    .get('/admin/pages/:slug', ...admin, async (c) =>
      c.json((await getPage(deps.store, slugOf(c), true)) satisfies ShopPage),
    )
    .post('/admin/pages', ...admin, ...textLimit, validate(shopPageSchema), async (c) =>
      c.json(
        (await createPage(deps.store, c.get('body'), adminAct(c, deps.clock))) satisfies ShopPage,
        201,
      ),
    )
    .put('/admin/pages/:slug', ...admin, ...textLimit, validate(shopPageSchema), async (c) =>
      c.json(
        (await updatePage(
          deps.store,
          slugOf(c),
          c.get('body'),
          adminAct(c, deps.clock),
        )) satisfies ShopPage,
      ),
    )
    .delete('/admin/pages/:slug', ...admin, async (c) => {
      await deletePage(deps.store, slugOf(c), adminAct(c, deps.clock));
      return c.json({ acknowledged: true, deletedCount: 1 } satisfies DeleteResult);
    });
}
