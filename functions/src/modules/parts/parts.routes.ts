import {
  addStockSchema,
  catalogueQueryInput,
  catalogueQuerySchema,
  idParamsSchema,
  pictureFieldsOn,
  partEditSchema,
  partSchema,
  partSuggestionsQuerySchema,
  relatedParts,
  setStockSchema,
  type CataloguePart,
  type RelatedParts,
} from '@sprocket/contract';
import type { DeleteResult, InsertResult, UpdateResult } from '@sprocket/contract';
import { Hono, type Context } from 'hono';
import { lazy } from 'yup';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/access.js';
import { validate, validateParams, validateQuery } from '../../http/validate.js';
import { publicCacheControl, publicJson } from '../../http/public-json.js';
import { asksForAnything } from '../list-query.js';
import { serializeJson, type SerializedJson } from '../serialized-json.js';
import { catalogueFacets, cataloguePage } from './catalogue-query.js';
import { catalogueSuggestions } from './catalogue-suggest.js';
import { readCataloguePart, type Catalogue, type CatalogueView } from './catalogue-snapshot.js';
import { addPart, changeStock, deletePart, editPart } from './parts.service.js';
import { weighPartsLowStock } from '../stock/weigh-parts-low-stock.js';
import { adminAct } from '../audit/audit-log.js';
import { readCategories } from '../categories/categories.service.js';

/** `{ addQuantity }` from Sprocket's own app, `{ deliveredQuantity }` (the new total) from the original. */
const stockChangeSchema = lazy((body: Record<string, unknown>) =>
  'deliveredQuantity' in body ? setStockSchema : addStockSchema,
);

/** An admin's read is the admin's own: no cache keeps it. */
const ADMIN_CACHE_CONTROL = 'private, no-store';

/** Related parts answered per snapshot, by part id (at most this many per snapshot). */
const RELATED_KEPT = 500;
const relatedBySnapshot = new WeakMap<CatalogueView, Map<string, SerializedJson>>();

/** GET /parts/{id}/related's answer from `view`, computed once per snapshot and part. */
function relatedJson(view: CatalogueView, part: CataloguePart): SerializedJson {
  const kept = relatedBySnapshot.get(view) ?? new Map<string, SerializedJson>();
  relatedBySnapshot.set(view, kept);
  let json = kept.get(part._id);
  if (!json) {
    const answer: RelatedParts = relatedParts(
      part,
      view.entries.map((entry) => entry.part),
    );
    json = serializeJson(answer);
    if (kept.size < RELATED_KEPT) kept.set(part._id, json);
  }
  return json;
}

export function partsRoutes(deps: AppDeps, catalogue: Catalogue) {
  const admin = adminOnly(deps);
  const part = validateParams(idParamsSchema, { notFound: 'Part' });
  const cacheControl = publicCacheControl(deps.config.cacheMaxAgeMs);
  /** The stored categories, which a part's specs are checked against (decision 108). */
  const shopCategories = async () => ({ categories: await readCategories(deps.store) });
  /** The shop's low-stock default, and now (docs/decisions/070, 091). */
  const lowStockWatch = () => ({ now: deps.clock(), shopDefault: deps.config.lowStock });
  /** Without parameters, the original API's answer: the whole catalogue, oldest first. */
  const wholeCatalogue = async (c: Context) => {
    const view = await catalogue.current();
    return publicJson(c, view.wholeJson(), cacheControl);
  };
  return (
    new Hono<AppEnv>()
      .get(
        '/parts',
        async (c, next) => {
          // The original API's call, the one read most: no query string to check (issue 14).
          if (c.req.url.includes('?')) return next();
          return wholeCatalogue(c);
        },
        validateQuery(catalogueQuerySchema, catalogueQueryInput),
        async (c) => {
          const query = c.get('query');
          if (!asksForAnything(query)) return wholeCatalogue(c);
          const view = await catalogue.current();
          // The query string as sent, the key the fast reads look it up by (http/fast-reads.ts).
          const page = cataloguePage(view, c.req.url.slice(c.req.url.indexOf('?')), query);
          return publicJson(c, page.json, cacheControl);
        },
      )
      // Manage Products' list: the parts of hidden categories too (docs/decisions/108).
      .get(
        '/admin/parts',
        ...admin,
        validateQuery(catalogueQuerySchema, catalogueQueryInput),
        async (c) => {
          const at = c.req.url.indexOf('?');
          const page = cataloguePage(
            await catalogue.all(),
            at === -1 ? '' : c.req.url.slice(at),
            c.get('query'),
          );
          return publicJson(c, page.json, ADMIN_CACHE_CONTROL);
        },
      )
      // Before /parts/:id, which would take "facets" for a part's id.
      .get('/parts/facets', validateQuery(catalogueQuerySchema, catalogueQueryInput), async (c) => {
        const view = await catalogue.current();
        const at = c.req.url.indexOf('?');
        const json = catalogueFacets(view, at === -1 ? '' : c.req.url.slice(at), c.get('query'));
        return publicJson(c, json, cacheControl);
      })
      // What the search boxes offer while typing (decision 095); fast-reads.ts answers it first.
      .get('/parts/suggest', validateQuery(partSuggestionsQuerySchema), async (c) => {
        const view = await catalogue.current();
        return publicJson(c, catalogueSuggestions(view, c.get('query').q), cacheControl);
      })
      .get('/parts/:id/related', part, async (c) => {
        const id = c.get('params').id;
        const view = await catalogue.current();
        // A part added through another instance since this one's snapshot is read afresh.
        const found =
          view.byId.get(id)?.part ??
          (await readCataloguePart(deps.store, id, deps.config.publicUrl));
        return publicJson(c, relatedJson(view, found), cacheControl);
      })
      .get('/parts/:id', part, async (c) => {
        const id = c.get('params').id;
        // A part added through another instance since this one's snapshot is read afresh.
        const json =
          (await catalogue.current()).partJson(id) ??
          serializeJson(await readCataloguePart(deps.store, id, deps.config.publicUrl));
        return publicJson(c, json, cacheControl);
      })
      .post('/parts', ...admin, validate(partSchema, shopCategories), async (c) => {
        const input = c.get('body');
        const insertedId = await addPart(
          deps.store,
          { ...input, ...pictureFieldsOn(deps.config.publicUrl, input) },
          adminAct(c, deps.clock),
        );
        await weighPartsLowStock(deps.store, [insertedId], lowStockWatch());
        return c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);
      })
      .patch('/parts/:id', ...admin, part, validate(partEditSchema, shopCategories), async (c) => {
        const edit = c.get('body');
        await editPart(
          deps.store,
          c.get('params').id,
          { ...edit, ...pictureFieldsOn(deps.config.publicUrl, edit) },
          adminAct(c, deps.clock),
        );
        await weighPartsLowStock(deps.store, [c.get('params').id], lowStockWatch());
        return c.json({ acknowledged: true, modifiedCount: 1 } satisfies UpdateResult);
      })
      .put('/parts/:id', ...admin, part, validate(stockChangeSchema), async (c) => {
        await changeStock(
          deps.store,
          c.get('params').id,
          c.get('body'),
          adminAct(c, deps.clock),
          lowStockWatch(),
        );
        return c.json({ acknowledged: true, modifiedCount: 1 } satisfies UpdateResult);
      })
      .delete('/parts/:id', ...admin, part, async (c) => {
        await deletePart(deps.store, c.get('params').id, adminAct(c, deps.clock));
        await weighPartsLowStock(deps.store, [c.get('params').id], lowStockWatch());
        return c.json({ acknowledged: true, deletedCount: 1 } satisfies DeleteResult);
      })
  );
}
