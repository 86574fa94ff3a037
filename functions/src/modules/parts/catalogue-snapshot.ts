/**
 * The catalogue as one snapshot in memory: every part with its category and its reviews'
 * figures, which search, filters and sorts run over (Firestore has no text search), and the
 * shop's categories. A function instance loads it at most once per max age, and drops it the
 * moment a write through this instance touches parts, reviews or categories; other instances
 * catch up within the max age (docs/decisions/020). The storefront reads the parts of shown
 * categories only; the admin reads them all (docs/decisions/108).
 */
import {
  givenMerchandising,
  imageUrlOn,
  picturesOf,
  picturesOn,
  categoryName,
  DEFAULT_PART_CATEGORY,
  lowestPrice,
  partSearchTexts,
  searchIndex,
  TOTAL_COUNT_HEADER,
  type Category,
  type CataloguePart,
  type PartVariant,
} from '@sprocket/contract';
import { isSafeId } from '../../store/ids.js';
import { STOCK_COLLECTION, type DocWrite, type Store, type StoredDoc } from '../../store/port.js';
import { notFound } from '../errors.js';
import { serializeJson, type SerializedJson } from '../serialized-json.js';
import { REVIEWS, type ReviewDoc } from '../reviews/reviews.service.js';
import { catalogueIndex, type CatalogueEntry, type CatalogueIndex } from './catalogue-index.js';
import { partUnits } from '../stock/part-stock.js';
import {
  VARIANTS,
  variantDocId,
  variantsWithStock,
  type VariantStockDoc,
} from '../stock/variant-stock.js';
import { PARTS, type PartDoc } from '../stock/part-record.js';
import { toPart } from './parts.service.js';
import { CATEGORIES, readCategories, SHOP_SETTINGS } from '../categories/categories.service.js';

/**
 * Every part in the catalogue's order (oldest first), and the same entries by part id; with the
 * answers read most often serialized once per snapshot (issue 14: the catalogue was serialized
 * on every request).
 */
export interface CatalogueView {
  entries: CatalogueEntry[];
  /** The shop's categories in its order, hidden ones too. */
  categories: readonly Category[];
  /** How many of `entries` each category has, by id. */
  partCounts(): ReadonlyMap<string, number>;
  /**
   * The storefront's view: the parts of shown categories only; this view itself when none is
   * hidden (docs/decisions/108).
   */
  shown(): CatalogueView;
  /** Whether it lists the parts of hidden categories (the admin's, while one is hidden). */
  listsHidden: boolean;
  byId: ReadonlyMap<string, CatalogueEntry>;
  /** The search postings and sort orders of these entries, built as queries need them. */
  index: CatalogueIndex;
  /** The whole catalogue, as GET /parts without parameters answers it. */
  wholeJson(): SerializedJson;
  /** One part, as GET /parts/{id} answers it; undefined for a part the snapshot lacks. */
  partJson(id: string): SerializedJson | undefined;
  /**
   * Pages of queries answered from this snapshot, by their query string as the client sent it
   * (checked queries only), so a popular search is filtered and serialized once per snapshot.
   */
  pages: BoundedCache<CataloguePage>;
  /** GET /parts/facets answers of this snapshot, by their query string as sent (decision 089). */
  facets: BoundedCache<SerializedJson>;
  /** GET /parts/suggest answers of this snapshot, by the words as typed (decision 095). */
  suggestions: BoundedCache<SerializedJson>;
  /** A part's place in `entries`. */
  positionOf(id: string): number | undefined;
  /** The part each variant's stock document belongs to, by the document's id. */
  variantOwners: ReadonlyMap<string, string>;
  /** This snapshot with the parts at `changed` replaced by `entries`' (their stock changed). */
  withStockChanged(entries: CatalogueEntry[], changed: readonly number[]): CatalogueView;
}

/** A page of the catalogue, serialized, with how many parts matched. */
export interface CataloguePage {
  json: SerializedJson;
  total: number;
}

/** A map that stops taking entries once full: a snapshot lives a minute at most. */
export interface BoundedCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

/** Pages kept per snapshot: every query string past this is answered without keeping it. */
const PAGES_KEPT = 500;
/** Suggestions kept per snapshot: each letter typed is a query of its own. */
const SUGGESTIONS_KEPT = 2000;

function boundedCache<T>(limit: number): BoundedCache<T> {
  const entries = new Map<string, T>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      if (entries.size < limit) entries.set(key, value);
    },
  };
}

export interface Catalogue {
  /** The storefront's snapshot (the parts of shown categories), no older than the max age. */
  current(): Promise<CatalogueView>;
  /** The whole snapshot, parts of hidden categories too, for the admin. */
  all(): Promise<CatalogueView>;
  /**
   * The storefront's snapshot if one is loaded and within the max age, without waiting for a
   * load; one a little past it while its replacement loads.
   */
  fresh(): CatalogueView | undefined;
  /**
   * Tells the snapshot of documents written through this instance: a write that only counted
   * some parts' stock (an order taking or giving back units) mends those parts before the next
   * read; any other write to what the catalogue shows drops the snapshot.
   */
  written(collection: string, writes: readonly DocWrite[]): void;
}

/**
 * Whether writes to this collection change what the catalogue shows (stock kept beside parts
 * too, the categories' document among the shop's settings).
 */
const invalidatesCatalogue = (collection: string, writes: readonly DocWrite[]): boolean =>
  collection === PARTS ||
  collection === REVIEWS ||
  collection === STOCK_COLLECTION ||
  collection === VARIANTS ||
  (collection === SHOP_SETTINGS && writes.some((write) => write.id === CATEGORIES));

interface ReviewFigures {
  sum: number;
  count: number;
}

/**
 * Each part's review count and rating sum. Reviews written before they carried a part id name
 * their part by its name.
 */
function reviewFigures(
  parts: StoredDoc<PartDoc>[],
  reviews: StoredDoc<ReviewDoc>[],
): Map<string, ReviewFigures> {
  const idByName = new Map<string, string>();
  for (const { id, data } of parts)
    if (!idByName.has(data.productName)) idByName.set(data.productName, id);
  const figures = new Map<string, ReviewFigures>();
  for (const { data } of reviews) {
    const partId = data.partId || idByName.get(data.productName);
    if (!partId) continue;
    const current = figures.get(partId) ?? { sum: 0, count: 0 };
    figures.set(partId, { sum: current.sum + data.rating, count: current.count + 1 });
  }
  return figures;
}

/**
 * The part as the catalogue shows it, with its stock (the ledger's count), its reviews' figures,
 * and its picture as an absolute URL on the shop's `origin` (imageUrlOn).
 */
export function toCataloguePart(
  doc: StoredDoc<PartDoc>,
  figures: ReviewFigures | undefined,
  units: number,
  origin: string,
  variants: PartVariant[] = [],
): CataloguePart {
  const count = figures?.count ?? 0;
  const sold = variants.length > 0;
  return {
    ...toPart(doc),
    img: imageUrlOn(origin, doc.data.img),
    // A part sold in variants: its lowest variant price and their stock together (decision 064).
    price: sold ? lowestPrice(variants) : doc.data.price,
    quantity: sold ? variants.reduce((sum, variant) => sum + variant.quantity, 0) : units,
    category: doc.data.category ?? DEFAULT_PART_CATEGORY,
    averageRating: figures && count > 0 ? Math.round((figures.sum / count) * 10) / 10 : null,
    reviewCount: count,
    options: sold ? (doc.data.options ?? []).map(({ name, values }) => ({ name, values })) : [],
    variants,
    specs: doc.data.specs ?? {},
    images: picturesOn(origin, picturesOf(doc.data)),
    ...givenMerchandising(doc.data),
  };
}

/**
 * One part as the catalogue shows it, read afresh (the product page shows the stock of now): the
 * part and the figures of its reviews, by part id or, for reviews older than part ids, by name.
 */
export async function readCataloguePart(
  store: Store,
  id: string,
  origin: string,
): Promise<CataloguePart> {
  const doc = isSafeId(id) ? await store.get<PartDoc>(PARTS, id) : null;
  if (!doc) throw notFound('Part');
  const [byId, byName, [units], variants] = await Promise.all([
    store.query<ReviewDoc>(REVIEWS, { where: [{ field: 'partId', op: '==', value: id }] }),
    store.query<ReviewDoc>(REVIEWS, {
      where: [{ field: 'productName', op: '==', value: doc.data.productName }],
    }),
    partUnits(store.stock, store, [doc]),
    variantsWithStock(store.stock, store, [doc]),
  ]);
  const reviews = new Map(
    [...byName.filter(({ data }) => !data.partId), ...byId].map((r) => [r.id, r]),
  );
  return toCataloguePart(
    doc,
    reviewFigures([doc], [...reviews.values()]).get(id),
    units ?? 0,
    origin,
    variants.get(id),
  );
}

const PARTS_PER_TURN = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function loadCatalogue(store: Store, origin: string): Promise<CatalogueView> {
  const [parts, reviews, variantDocs, categories] = await Promise.all([
    store.query<PartDoc>(PARTS, { orderBy: [{ field: 'createdAt' }] }),
    store.query<ReviewDoc>(REVIEWS),
    store.query<VariantStockDoc>(VARIANTS),
    readCategories(store),
  ]);
  const figures = reviewFigures(parts, reviews);
  const [units, variants] = await Promise.all([
    partUnits(store.stock, store, parts),
    variantsWithStock(
      store.stock,
      store,
      parts,
      new Map(variantDocs.map((variantDoc) => [variantDoc.id, variantDoc])),
    ),
  ]);
  // Built a few hundred parts a turn of the event loop, so that other requests are answered
  // meanwhile (at 10,000 parts the build took about half a second, docs/decisions/072).
  const entries: CatalogueEntry[] = [];
  for (const [index, doc] of parts.entries()) {
    if (index > 0 && index % PARTS_PER_TURN === 0) await nextTurn();
    const part = toCataloguePart(
      doc,
      figures.get(doc.id),
      units[index] ?? 0,
      origin,
      variants.get(doc.id),
    );
    entries.push({
      part,
      search: searchIndex(partSearchTexts(part, categoryName(categories, part.category))),
      createdAt: Date.parse(doc.data.createdAt) || 0,
    });
  }
  const variantOwners = new Map(
    parts.flatMap((doc) =>
      (doc.data.variants ?? []).map(({ sku }) => [variantDocId(doc.id, sku), doc.id] as const),
    ),
  );
  return catalogueView(entries, categories, { variantOwners });
}

export function catalogueView(
  entries: CatalogueEntry[],
  categories: readonly Category[],
  kept: {
    index?: CatalogueIndex;
    variantOwners?: ReadonlyMap<string, string>;
    shownOnly?: boolean;
  } = {},
): CatalogueView {
  const byId = new Map(entries.map((entry) => [entry.part._id, entry]));
  const hidden = new Set(categories.filter((each) => each.hidden).map((each) => each.id));
  const index = kept.index ?? catalogueIndex(entries);
  const variantOwners = kept.variantOwners ?? new Map<string, string>();
  let positions: Map<string, number> | undefined;
  let whole: SerializedJson | undefined;
  let counts: Map<string, number> | undefined;
  let shown: CatalogueView | undefined;
  const parts = new Map<string, SerializedJson>();
  const view: CatalogueView = {
    entries,
    categories,
    partCounts() {
      if (!counts) {
        counts = new Map();
        for (const { part } of entries)
          counts.set(part.category, (counts.get(part.category) ?? 0) + 1);
      }
      return counts;
    },
    shown() {
      if (!view.listsHidden) return view;
      return (shown ??= catalogueView(
        entries.filter((entry) => !hidden.has(entry.part.category)),
        categories,
        { variantOwners, shownOnly: true },
      ));
    },
    listsHidden: hidden.size > 0 && !kept.shownOnly,
    byId,
    index,
    variantOwners,
    positionOf: (id) =>
      (positions ??= new Map(entries.map((entry, position) => [entry.part._id, position]))).get(id),
    withStockChanged: (changedEntries, changed) =>
      catalogueView(changedEntries, categories, {
        index: index.withStockChanged(changedEntries, changed),
        variantOwners,
      }),
    wholeJson: () =>
      (whole ??= serializeJson(
        entries.map((entry) => entry.part),
        { [TOTAL_COUNT_HEADER]: String(entries.length) },
      )),
    pages: boundedCache(PAGES_KEPT),
    facets: boundedCache(PAGES_KEPT),
    suggestions: boundedCache(SUGGESTIONS_KEPT),
    partJson(id) {
      const entry = byId.get(id);
      if (!entry) return undefined;
      let json = parts.get(id);
      if (!json) {
        json = serializeJson(entry.part);
        parts.set(id, json);
      }
      return json;
    },
  };
  return view;
}

/** How long past its max age a snapshot is answered while a new one loads (never past the max age again). */
export const RELOAD_GRACE_MS = 10_000;

/**
 * The snapshot of one app instance. Concurrent reads share one load; a load that a write
 * overtook is used by the reads that asked for it but not kept, so the next read sees the write.
 */
export function catalogueSnapshot(
  store: Store,
  clock: () => Date,
  maxAgeMs: number,
  origin: string,
): Catalogue {
  let kept: { view: CatalogueView; loadedAt: number } | undefined;
  let loading: { promise: Promise<CatalogueView>; generation: number } | undefined;
  /** The stock of some parts being mended: `from` is the snapshot it mends, for later writes. */
  let mending:
    | { promise: Promise<CatalogueView>; generation: number; from: CatalogueView; loadedAt: number }
    | undefined;
  /** Counts invalidations, so that a load can tell whether a write happened while it ran. */
  let generation = 0;

  const load = (): Promise<CatalogueView> => {
    if (loading?.generation === generation) return loading.promise;
    const started = { generation, at: clock().getTime() };
    const promise = loadCatalogue(store, origin).then(
      (view) => {
        if (started.generation === generation) kept = { view, loadedAt: started.at };
        if (loading?.promise === promise) loading = undefined;
        return view;
      },
      (error: unknown) => {
        if (loading?.promise === promise) loading = undefined;
        throw error;
      },
    );
    loading = { promise, generation: started.generation };
    return promise;
  };

  // Past its max age and overtaken by no write, a snapshot is still answered while its
  // replacement loads (a second at 10,000 parts), for a little longer at most: no read waits for
  // a reload that only the clock asked for (docs/decisions/072).
  const graceMs = Math.min(maxAgeMs, RELOAD_GRACE_MS);
  const freshWhole = () => {
    if (!kept) return undefined;
    const age = clock().getTime() - kept.loadedAt;
    if (age < maxAgeMs) return kept.view;
    if (age >= maxAgeMs + graceMs) return undefined;
    // A load that fails is tried again by the next read; this one is answered all the same.
    load().catch(() => undefined);
    return kept.view;
  };
  const invalidate = () => {
    generation += 1;
    kept = undefined;
    mending = undefined;
  };
  const whole = async () =>
    freshWhole() ?? (mending?.generation === generation ? mending.promise : load());
  return {
    current: async () => (await whole()).shown(),
    all: whole,
    fresh: () => freshWhole()?.shown(),
    written(collection, writes) {
      if (!invalidatesCatalogue(collection, writes)) return;
      const from = mending?.from ?? kept?.view;
      const loadedAt = mending?.loadedAt ?? kept?.loadedAt;
      const parts =
        from && loadedAt !== undefined && !loading
          ? stockCountedFor(store, from, collection, writes)
          : undefined;
      const before = mending?.promise ?? (kept && Promise.resolve(kept.view));
      invalidate();
      if (!parts || !from || loadedAt === undefined || !before) return;
      const started = generation;
      const promise = before
        .then((view) => withStockReadAgain(store, view, parts, origin))
        .then((view) => {
          // Something else changed too (a part gone, a price): load it all.
          if (!view) return load();
          if (started === generation) {
            kept = { view, loadedAt };
            mending = undefined;
          }
          return view;
        });
      promise.catch(() => {
        if (mending?.promise === promise) mending = undefined;
      });
      mending = { promise, generation: started, from, loadedAt };
    },
  };
}

/**
 * The parts whose stock, and nothing else, `writes` changed, when that is all they did (the
 * ledger says which writes are its counts, decision 033); undefined for any other write.
 */
function stockCountedFor(
  store: Store,
  view: CatalogueView,
  collection: string,
  writes: readonly DocWrite[],
): Set<string> | undefined {
  const parts = new Set<string>();
  for (const write of writes) {
    const counted = store.stock.stockOf(collection, write);
    const part =
      counted?.collection === PARTS
        ? view.byId.has(counted.id) && counted.id
        : counted?.collection === VARIANTS && view.variantOwners.get(counted.id);
    if (!part) return undefined;
    parts.add(part);
  }
  return parts;
}

/**
 * `view` with these parts read again, or undefined when more than their stock changed (a part
 * deleted, renamed, repriced or reviewed): such a change needs the whole snapshot again.
 */
async function withStockReadAgain(
  store: Store,
  view: CatalogueView,
  ids: ReadonlySet<string>,
  origin: string,
): Promise<CatalogueView | undefined> {
  const entries = [...view.entries];
  const changed: number[] = [];
  const readAgain = await Promise.all(
    [...ids].map((id) => readCataloguePart(store, id, origin).catch(() => undefined)),
  );
  for (const part of readAgain) {
    const position = part && view.positionOf(part._id);
    if (!part || position === undefined || !sameButStock(entries[position]!.part, part))
      return undefined;
    entries[position] = { ...entries[position]!, part };
    changed.push(position);
  }
  return view.withStockChanged(entries, changed);
}

/** Whether two readings of a part differ in their stock at most. */
const sameButStock = (before: CataloguePart, after: CataloguePart): boolean =>
  JSON.stringify(withoutStock(before)) === JSON.stringify(withoutStock(after));

const withoutStock = (part: CataloguePart) => ({
  ...part,
  quantity: 0,
  variants: part.variants?.map((variant) => ({ ...variant, quantity: 0 })),
});
