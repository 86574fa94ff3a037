import {
  DEFAULT_CATALOGUE_SORT,
  specsMatch,
  TOTAL_COUNT_HEADER,
  type CataloguePart,
  type CatalogueQuery,
} from '@sprocket/contract';
import { pageWindow, type Page } from '../list-query.js';
import { serializedArray } from '../serialized-json.js';
import type { CatalogueEntry, CatalogueIndex } from './catalogue-index.js';
import type { CataloguePage, CatalogueView } from './catalogue-snapshot.js';

/** Search hits fewer than this share of the catalogue are sorted by rank rather than walked to. */
const FEW_HITS = 1 / 8;

/**
 * Search, filters, sort and one page of the catalogue (GET /parts with query parameters). The
 * search forgives spellings, other names and small typos (contract/src/parts/search-terms.ts,
 * docs/decisions/057); results keep the sort's order, the catalogue's own by default.
 */
export function queryCatalogue(
  view: { entries: readonly CatalogueEntry[]; index: CatalogueIndex },
  query: CatalogueQuery,
): Page<CataloguePart> {
  const { index } = view;
  const sort = query.sort ?? DEFAULT_CATALOGUE_SORT;
  const hits = query.q?.trim() ? index.hits(query.q) : undefined;
  let candidates: readonly number[];
  if (hits && hits.positions.length < view.entries.length * FEW_HITS) {
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
  const onPage: number[] = [];
  let total = 0;
  for (let at = 0; at < candidates.length; at += 1) {
    const position = candidates[at]!;
    if (hits && !hits.has(position)) continue;
    if (wantedCategory !== undefined && category[position] !== wantedCategory) continue;
    const partPrice = price[position]!;
    if (partPrice < lowest || partPrice > highest) continue;
    if (stocked !== -1 && inStock[position] !== stocked) continue;
    if (specs && !specsMatch(view.entries[position]!.part.specs, specs)) continue;
    if (total >= start && onPage.length < size) onPage.push(position);
    total += 1;
  }
  return { items: partsAt(onPage), total };
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
