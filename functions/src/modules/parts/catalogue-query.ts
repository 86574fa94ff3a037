import {
  DEFAULT_CATALOGUE_SORT,
  isInStock,
  type CataloguePart,
  type CatalogueQuery,
  type CatalogueSort,
} from '@sprocket/contract';
import { compareValues, matchesWords, paginate, searchWords, type Page } from '../list-query.js';
import type { CatalogueEntry } from './catalogue-snapshot.js';

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

/** Search, filters, sort and one page of the catalogue (GET /parts with query parameters). */
export function queryCatalogue(
  entries: CatalogueEntry[],
  query: CatalogueQuery,
): Page<CataloguePart> {
  const words = searchWords(query.q);
  const matching = entries.filter(
    ({ part, searchText }) =>
      matchesWords(searchText, words) &&
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
