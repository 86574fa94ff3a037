/**
 * The catalogue's categories (issue 36 item 5, docs/decisions/108): anyone reads the shown ones in
 * the shop's order, from the catalogue's snapshot, so they agree with the parts it lists; admins
 * read every one with its parts, and add, change, reorder and delete them, each audited.
 */
import {
  categoryEditSchema,
  categoryInputSchema,
  categoryOrderSchema,
  categoryParamsSchema,
  type AdminCategory,
  type Category,
  type DeleteResult,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/access.js';
import { publicCacheControl, publicJson } from '../../http/public-json.js';
import { validate, validateParams } from '../../http/validate.js';
import { adminAct } from '../audit/audit-log.js';
import { serializeJson } from '../serialized-json.js';
import {
  addCategory,
  deleteCategory,
  editCategory,
  readCategories,
  reorderCategories,
} from './categories.service.js';

/** The categories as the catalogue's snapshot holds them, and how many parts each has. */
export type CatalogueCategories = () => Promise<{
  categories: readonly Category[];
  parts: ReadonlyMap<string, number>;
}>;

export function categoriesRoutes(deps: AppDeps, catalogueCategories: CatalogueCategories) {
  const admin = adminOnly(deps);
  const cacheControl = publicCacheControl(deps.config.cacheMaxAgeMs);
  const category = validateParams(categoryParamsSchema, { notFound: 'Category' });
  return (
    new Hono<AppEnv>()
      .get('/categories', async (c) => {
        const { categories } = await catalogueCategories();
        const shown: Category[] = categories.filter((each) => !each.hidden);
        return publicJson(c, serializeJson(shown), cacheControl);
      })
      .get('/admin/categories', ...admin, async (c) => {
        // The list as stored now (a change made through another instance shows at once); the
        // counts as the snapshot has them.
        const [categories, { parts }] = await Promise.all([
          readCategories(deps.store),
          catalogueCategories(),
        ]);
        return c.json(
          categories.map((each) => ({
            ...each,
            parts: parts.get(each.id) ?? 0,
          })) satisfies AdminCategory[],
        );
      })
      .post('/admin/categories', ...admin, validate(categoryInputSchema), async (c) =>
        c.json(
          (await addCategory(
            deps.store,
            c.get('body'),
            adminAct(c, deps.clock),
          )) satisfies Category,
          201,
        ),
      )
      // Before /admin/categories/:id, which would take "order" for an id.
      .put('/admin/categories/order', ...admin, validate(categoryOrderSchema), async (c) =>
        c.json(
          (await reorderCategories(
            deps.store,
            c.get('body').ids,
            adminAct(c, deps.clock),
          )) satisfies Category[],
        ),
      )
      .patch('/admin/categories/:id', ...admin, category, validate(categoryEditSchema), async (c) =>
        c.json(
          (await editCategory(
            deps.store,
            c.get('params').id,
            c.get('body'),
            adminAct(c, deps.clock),
          )) satisfies Category,
        ),
      )
      .delete('/admin/categories/:id', ...admin, category, async (c) => {
        await deleteCategory(deps.store, c.get('params').id, adminAct(c, deps.clock));
        return c.json({ acknowledged: true, deletedCount: 1 } satisfies DeleteResult);
      })
  );
}
