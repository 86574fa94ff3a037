import {
  addStockSchema,
  catalogueQuerySchema,
  idParamsSchema,
  partEditSchema,
  partSchema,
  setStockSchema,
} from '@sprocket/contract';
import type { DeleteResult, InsertResult, UpdateResult } from '@sprocket/contract';
import { Hono } from 'hono';
import { lazy } from 'yup';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/auth.js';
import { validate, validateParams, validateQuery } from '../../http/validate.js';
import { asksForAnything, pageResponse } from '../list-query.js';
import { queryCatalogue } from './catalogue-query.js';
import { readCataloguePart, type Catalogue } from './catalogue-snapshot.js';
import { addPart, changeStock, deletePart, editPart } from './parts.service.js';

/** `{ addQuantity }` from Sprocket's own app, `{ deliveredQuantity }` (the new total) from the original. */
const stockChangeSchema = lazy((body: Record<string, unknown>) =>
  'deliveredQuantity' in body ? setStockSchema : addStockSchema,
);

export function partsRoutes(deps: AppDeps, catalogue: Catalogue) {
  const admin = adminOnly(deps);
  const part = validateParams(idParamsSchema, { notFound: 'Part' });
  return new Hono<AppEnv>()
    .get('/parts', validateQuery(catalogueQuerySchema), async (c) => {
      const query = c.get('query');
      const { entries } = await catalogue.current();
      // Without parameters, the original API's answer: the whole catalogue, oldest first.
      const page = asksForAnything(query)
        ? queryCatalogue(entries, query)
        : { items: entries.map((entry) => entry.part), total: entries.length };
      return pageResponse(c, page);
    })
    .get('/parts/:id', part, async (c) =>
      c.json(await readCataloguePart(deps.store, c.get('params').id)),
    )
    .post('/parts', ...admin, validate(partSchema), async (c) => {
      const insertedId = await addPart(deps.store, c.get('body'), deps.clock());
      return c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);
    })
    .patch('/parts/:id', ...admin, part, validate(partEditSchema), async (c) => {
      await editPart(deps.store, c.get('params').id, c.get('body'));
      return c.json({ acknowledged: true, modifiedCount: 1 } satisfies UpdateResult);
    })
    .put('/parts/:id', ...admin, part, validate(stockChangeSchema), async (c) => {
      await changeStock(deps.store, c.get('params').id, c.get('body'));
      return c.json({ acknowledged: true, modifiedCount: 1 } satisfies UpdateResult);
    })
    .delete('/parts/:id', ...admin, part, async (c) => {
      await deletePart(deps.store, c.get('params').id);
      return c.json({ acknowledged: true, deletedCount: 1 } satisfies DeleteResult);
    });
}
