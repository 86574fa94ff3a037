import {
  categoryMessages,
  categoryOf,
  categorySpecs,
  DEFAULT_CATALOGUE_SORT,
  filterSpecsFor,
  isInStock,
  partMatchesSpecs,
  soldSpecs,
  specFilterProblems,
  specsMatch,
  TOTAL_COUNT_HEADER,
  type CatalogueFacets,
  type CataloguePart,
  type CatalogueQuery,
  type Category,
  type PartVariant,
  type SpecFilters,
} from '@sprocket/contract';
import { validationFailed } from '../errors.js';
import { pageWindow, type Page } from '../list-query.js';
import { serializedArray, serializeJson, type SerializedJson } from '../serialized-json.js';
import type { CatalogueEntry, CatalogueIndex } from './catalogue-index.js';
import type { CataloguePage, CatalogueView } from './catalogue-snapshot.js';

/** Search hits fewer than this share of the catalogue are sorted by rank rather than walked to. */
const FEW_HITS = 1 / 8;

/**
 * Search, filters, sort and one page of the catalogue (GET /parts with query parameters). The
 * search forgives spellings, other names and small typos (contract/src/parts/search-terms.ts,
 * docs/decisions/057); a search without a sort is ranked by relevance, exact words first
 * (docs/decisions/095), anything else keeps the sort's order, the catalogue's own by default.
 */
export function queryCatalogue(
  view: { entries: readonly CatalogueEntry[]; index: CatalogueIndex },
  query: CatalogueQuery,
): Page<CataloguePart> {
  const { index } = view;
  const sort = query.sort ?? DEFAULT_CATALOGUE_SORT;
  const hits = query.q?.trim() ? index.hits(query.q) : undefined;
  let candidates: readonly number[];
  if (hits && query.sort === undefined) candidates = hits.ranked();
  else if (hits && hits.positions.length < view.entries.length * FEW_HITS) {
    const rank = index.rank(sort);
    candidates = [...hits.positions].sort((a, b) => rank[a]! - rank[b]!);
  } else candidates = index.order(sort, query.category);
  const { start, size } = pageWindow(query);
  const partsAt = (positions: readonly number[]) =>
    positions.map((position) => view.entries[position]!.part);
  if (
    !hits &&
    query.minPrice === undefined &&
    query.maxPrice === undefined &&
    query.inStock === undefined &&
    query.specs === undefined
  )
    return { items: partsAt(candidates.slice(start, start + size)), total: candidates.length };
  const { category, price, inStock } = index.filterColumns();
  // The filters as plain numbers, read once rather than from the query at every part.
  const lowest = query.minPrice ?? -Infinity;
  const highest = query.maxPrice ?? Infinity;
  const stocked = query.inStock === undefined ? -1 : Number(query.inStock);
  // Hits are of every category; an order of one category needs no check.
  const wantedCategory = hits ? query.category : undefined;
  const specs = query.specs;
  // With "In stock only", a part sold in sizes answers the specs by a size that is in stock.
  const stockedOnly = query.inStock === true;
  const onPage: number[] = [];
  let total = 0;
  for (let at = 0; at < candidates.length; at += 1) {
    const position = candidates[at]!;
    if (hits && !hits.has(position)) continue;
    if (wantedCategory !== undefined && category[position] !== wantedCategory) continue;
    const partPrice = price[position]!;
    if (partPrice < lowest || partPrice > highest) continue;
    if (stocked !== -1 && inStock[position] !== stocked) continue;
    if (specs) {
      const part = view.entries[position]!.part;
      if (!partMatchesSpecs(part, specs, stockedOnly ? sellableOf(part) : undefined)) continue;
    }
    if (total >= start && onPage.length < size) onPage.push(position);
    total += 1;
  }
  return { items: partsAt(onPage), total };
}

/**
 * A checked query's category, one the view lists, or a 422: an unknown category, a hidden one
 * (but in the admin's view), or a spec filter the category does not use (decision 108).
 */
function queryCategory(
  view: Pick<CatalogueView, 'categories' | 'listsHidden'>,
  query: CatalogueQuery,
) {
  if (query.category === undefined) return undefined;
  const category = categoryOf(view.categories, query.category);
  if (!category || (category.hidden && !view.listsHidden))
    throw validationFailed({ category: categoryMessages.unknown });
  const problems = query.specs ? specFilterProblems(query.specs, category) : {};
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  return category;
}

/**
 * The page a checked query answers, the snapshot's kept one for its query string as sent
 * (`search`, from its "?") or made now and kept: each part's JSON is the snapshot's, serialized
 * once (partJson).
 */
export function cataloguePage(
  view: CatalogueView,
  search: string,
  query: CatalogueQuery,
): CataloguePage {
  let page = view.pages.get(search);
  if (!page) {
    queryCategory(view, query);
    const matches = queryCatalogue(view, query);
    const items = matches.items.map((item) => view.partJson(item._id)!);
    page = {
      json: serializedArray(items, { [TOTAL_COUNT_HEADER]: String(matches.total) }),
      total: matches.total,
    };
    view.pages.set(search, page);
  }
  return page;
}

/** Whether one size of `part` can be bought: its stock covers the part's minimum order. */
const sellableOf = (part: CataloguePart) => (variant: PartVariant) =>
  isInStock({ quantity: variant.quantity, order: part.order });

/** The spec filters of `filters` that `category` has: what choosing it would keep (067). */
function filtersIn(filters: SpecFilters, category: Category | undefined): SpecFilters {
  const keys = new Set(categorySpecs(category).map((spec) => spec.key));
  return Object.fromEntries(Object.entries(filters).filter(([key]) => keys.has(key)));
}

const withoutKey = (filters: SpecFilters, key: string): SpecFilters =>
  Object.fromEntries(Object.entries(filters).filter(([other]) => other !== key));

/**
 * How many parts each filter's option would give (GET /parts/facets, docs/decisions/089), in one
 * walk over the parts the search finds: a part counts for an option when it passes every other
 * filter of the query. A category counts what choosing it would list (the spec filters it lacks
 * dropped, as All Parts drops them); a spec value counts the parts one of whose sizes has it and
 * answers the other specs (with "In stock only", a size in stock, decision 088).
 */
export function queryFacets(
  view: Pick<CatalogueView, 'entries' | 'index' | 'categories' | 'listsHidden'>,
  query: CatalogueQuery,
): CatalogueFacets {
  const { index, entries } = view;
  const hits = query.q?.trim() ? index.hits(query.q) : undefined;
  const { category, price, inStock } = index.filterColumns();
  const lowest = query.minPrice ?? -Infinity;
  const highest = query.maxPrice ?? Infinity;
  const stocked = query.inStock === undefined ? -1 : Number(query.inStock);
  const wanted = query.specs ?? {};
  const shown = filterSpecsFor(queryCategory(view, query));
  const othersOf = new Map(shown.map((spec) => [spec.key, withoutKey(wanted, spec.key)]));
  const inCategory = new Map<string, SpecFilters>();
  const facets: CatalogueFacets = { total: 0, categories: {}, inStock: 0, specs: {} };
  for (const spec of shown) facets.specs[spec.key] = {};
  const count = (counts: Record<string, number>, key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };
  const positions = hits ? hits.positions : entries.keys();
  for (const position of positions) {
    const partPrice = price[position]!;
    if (partPrice < lowest || partPrice > highest) continue;
    const part = entries[position]!.part;
    const sellable = sellableOf(part);
    const stockedOnly = stocked === 1 ? sellable : undefined;
    const stockPasses = stocked === -1 || inStock[position] === stocked;
    const partCategory = category[position]!;
    if (stockPasses) {
      let filters = inCategory.get(partCategory);
      if (!filters)
        inCategory.set(
          partCategory,
          (filters = filtersIn(wanted, categoryOf(view.categories, partCategory))),
        );
      if (partMatchesSpecs(part, filters, stockedOnly)) count(facets.categories, partCategory);
    }
    if (query.category !== undefined && partCategory !== query.category) continue;
    if (inStock[position] === 1 && partMatchesSpecs(part, wanted, sellable)) facets.inStock += 1;
    if (!stockPasses) continue;
    if (partMatchesSpecs(part, wanted, stockedOnly)) facets.total += 1;
    // Each way the part is sold (its sizes, or the part itself), with its specs.
    const ways =
      part.variants.length > 0
        ? part.variants
            .filter((variant) => !stockedOnly || stockedOnly(variant))
            .map((variant) => soldSpecs(part.specs, variant.specs))
        : [part.specs];
    for (const spec of shown) {
      const others = othersOf.get(spec.key)!;
      const values = new Set<string>();
      for (const specs of ways) {
        const value = specs[spec.key];
        if (value !== undefined && specsMatch(specs, others)) values.add(String(value));
      }
      for (const value of values) count(facets.specs[spec.key]!, value);
    }
  }
  return facets;
}

/** The facets a checked query answers, kept per snapshot by its query string as sent. */
export function catalogueFacets(
  view: CatalogueView,
  search: string,
  query: CatalogueQuery,
): SerializedJson {
  let json = view.facets.get(search);
  if (!json) {
    json = serializeJson(queryFacets(view, query));
    view.facets.set(search, json);
  }
  return json;
}
