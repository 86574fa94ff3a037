import {
  DEFAULT_CATALOGUE_SORT,
  isInStock,
  searchMatcher,
  type CataloguePart,
  type CatalogueQuery,
  type CatalogueSort,
} from '@sprocket/contract';
import { compareValues, paginate, type Page } from '../list-query.js';
import type { CatalogueEntry, CatalogueView } from './catalogue-snapshot.js';

type Compare = (a: CatalogueEntry, b: CatalogueEntry) => number;

/** Each sort; ties keep the catalogue's order (Array.prototype.sort is stable). */
const SORTS: Record<CatalogueSort, Compare | undefined> = {
  oldest: undefined,
  newest: (a, b) => b.createdAt - a.createdAt,
  price: (a, b) => a.part.price - b.part.price,
  '-price': (a, b) => b.part.price - a.part.price,
  name: (a, b) => compareValues(a.part.productName, b.part.productName),
  '-name': (a, b) => compareValues(b.part.productName, a.part.productName),
  // The best average first, the better-known of two equal ones first, the unrated last.
  rating: (a, b) =>
    (b.part.averageRating ?? -1) - (a.part.averageRating ?? -1) ||
    b.part.reviewCount - a.part.reviewCount,
};

/**
 * Search, filters, sort and one page of the catalogue (GET /parts with query parameters). The
 * search forgives spellings, other names and small typos (contract/src/parts/search-terms.ts,
 * docs/decisions/057); results keep the sort's order, the catalogue's own by default.
 */
export function queryCatalogue(
  view: Pick<CatalogueView, 'entries' | 'searchVocabulary'>,
  query: CatalogueQuery,
): Page<CataloguePart> {
  const matchesSearch = query.q?.trim()
    ? searchMatcher(query.q, view.searchVocabulary())
    : () => true;
  const matching = view.entries.filter(
    ({ part, search }) =>
      matchesSearch(search) &&
      (query.category === undefined || part.category === query.category) &&
      (query.minPrice === undefined || part.price >= query.minPrice) &&
      (query.maxPrice === undefined || part.price <= query.maxPrice) &&
      (query.inStock === undefined || isInStock(part) === query.inStock),
  );
  const compare = SORTS[query.sort ?? DEFAULT_CATALOGUE_SORT];
  const sorted = compare ? [...matching].sort(compare) : matching;
  return paginate(
    sorted.map((entry) => entry.part),
    query,
  );
}
