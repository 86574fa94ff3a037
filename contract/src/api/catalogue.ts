/**
 * The catalogue's query string (GET /parts?…): search, filters, sort and pages, checked by the
 * API with catalogueQuerySchema and written by the web app with `catalogueSearch`, so that a
 * shopper's URL and the API call say the same thing. No yup here: the public pages write and read
 * the query without loading the schema.
 */
import { specFilterPairs, specFilterParams, type SpecFilters } from '../parts/specs.js';

/**
 * `oldest` is the catalogue's own order (the order parts were added, as GET /parts without
 * parameters lists them); `price` and `name` ascend and `-price`, `-name` descend; `rating` puts
 * the best-rated first (by average, then by how many reviews), unrated parts last.
 */
export const CATALOGUE_SORTS = [
  'oldest',
  'newest',
  'price',
  '-price',
  'name',
  '-name',
  'rating',
] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const DEFAULT_CATALOGUE_SORT: CatalogueSort = 'oldest';

/**
 * A catalogue query as catalogueQuerySchema reads it (the schema is typed by this interface, so
 * the two cannot part): prices in minor units, `page` from 1.
 */
export interface CatalogueQuery {
  q?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  /**
   * What the parts fit (`spec.speeds=12&spec.wheelSize=700c`): each key's wanted values, any of
   * them; every key (docs/decisions/067).
   */
  specs?: SpecFilters;
  sort?: CatalogueSort;
  page?: number;
  pageSize?: number;
}

/**
 * GET /parts/facets?… (docs/decisions/089): how many parts each filter's option would give, each
 * counted with the query's other filters applied; the query's page and sort do not matter.
 * `total` is how many parts the query itself matches.
 */
export interface CatalogueFacets {
  total: number;
  /**
   * Parts each category would give, chosen in place of the query's (with the spec filters that
   * category has); a category without any is left out.
   */
  categories: Record<string, number>;
  /** Parts "In stock only" would give. */
  inStock: number;
  /**
   * For each spec All Parts offers with the query's category (filterSpecsFor), the parts each
   * value would give (by the value as written in the URL; one with none left out), counted with
   * every filter but that spec's own.
   */
  specs: Record<string, Record<string, number>>;
}

export const CATALOGUE_PAGE_SIZE = 24;
export const CATALOGUE_PAGE_SIZE_MAX = 100;
/** Far beyond any real catalogue's last page; it keeps offsets small numbers. */
export const CATALOGUE_PAGE_MAX = 10_000;
export const SEARCH_TEXT_MAX = 100;

/**
 * The response header that carries how many items match a query, before paging. Every list that
 * takes query parameters answers a plain JSON array (what clients of the original API read) and
 * this header.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The order of the parameters in a written query string, so one query has one URL. */
const CATALOGUE_PARAMS = [
  'q',
  'category',
  'minPrice',
  'maxPrice',
  'inStock',
  'specs',
  'sort',
  'page',
  'pageSize',
] as const satisfies readonly (keyof CatalogueQuery)[];

/**
 * The query string of a catalogue query ("?category=brakes&sort=price"), or "" when it asks for
 * nothing. Empty texts are left out. For the API call and for the All Parts page's own URL.
 */
export function catalogueSearch(query: CatalogueQuery): string {
  const pairs = CATALOGUE_PARAMS.flatMap((name) => {
    if (name === 'specs')
      return specFilterPairs(query.specs).map(
        ([param, value]) => `${param}=${encodeURIComponent(value)}`,
      );
    const value = query[name];
    return value === undefined || value === ''
      ? []
      : [`${name}=${encodeURIComponent(String(value))}`];
  });
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** Whether a sort from a URL is one the catalogue knows. */
export const isCatalogueSort = (value: unknown): value is CatalogueSort =>
  (CATALOGUE_SORTS as readonly unknown[]).includes(value);

/**
 * A query string's parameters (each name's values, as `URLSearchParams`, Hono's `queries()`)
 * as catalogueQuerySchema reads them: the first value of each plain parameter, and the spec
 * filters (`spec.<key>`, repeated or comma-separated) together as `specs`.
 */
export function catalogueQueryInput(
  params: Record<string, readonly string[] | undefined>,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of CATALOGUE_PARAMS) {
    const first = Object.hasOwn(params, name) ? params[name]?.[0] : undefined;
    if (first !== undefined && name !== 'specs') input[name] = first;
  }
  const specs = specFilterParams(params);
  if (specs) input.specs = specs;
  return input;
}
