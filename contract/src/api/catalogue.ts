/**
 * The catalogue's query string (GET /parts?…): search, filters, sort and pages, checked by the
 * API with this schema and written by the web app with `catalogueSearch`, so that a shopper's
 * URL and the API call say the same thing.
 */
import * as yup from 'yup';
import { partCategorySchema, plainNumberTest, PRICE_MAX_CENTS } from '../schemas/part.js';

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

/** A whole number in a query string: plain digits only ("1e3" is refused). */
export const queryWholeNumber = (label: string, min: number, max: number) =>
  yup
    .number()
    .typeError(`${label} must be a number`)
    .test(plainNumberTest(label))
    .integer(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** `page` (from 1) and `pageSize`: the paging of every list that takes query parameters. */
export const pagingFields = {
  page: queryWholeNumber('Page', 1, CATALOGUE_PAGE_MAX).optional(),
  pageSize: queryWholeNumber('Page size', 1, CATALOGUE_PAGE_SIZE_MAX).optional(),
};

/** A search text: words that must all appear, in any case and with or without accents. */
export const searchTextField = () =>
  yup
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`)
    .optional();

const SORT_MAX = Math.max(...CATALOGUE_SORTS.map((sort) => sort.length));

/**
 * GET /parts?q=&category=&minPrice=&maxPrice=&inStock=&sort=&page=&pageSize=. Prices are in the
 * currency's minor unit, like every price of the API. Every parameter is optional; with none the
 * API lists the whole catalogue in its own order.
 */
export const catalogueQuerySchema = yup
  .object({
    q: searchTextField(),
    category: partCategorySchema().optional(),
    minPrice: queryWholeNumber('Minimum price', 0, PRICE_MAX_CENTS).optional(),
    maxPrice: queryWholeNumber('Maximum price', 0, PRICE_MAX_CENTS).optional(),
    inStock: yup.boolean().typeError('inStock must be true or false').optional(),
    sort: yup
      .string()
      .trim()
      .max(SORT_MAX, `Sort by one of: ${CATALOGUE_SORTS.join(', ')}`)
      .oneOf(CATALOGUE_SORTS, `Sort by one of: ${CATALOGUE_SORTS.join(', ')}`)
      .optional(),
    ...pagingFields,
  })
  .test('price-range', 'The maximum price must not be below the minimum', function (query) {
    const { minPrice, maxPrice } = query;
    if (minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice) return true;
    return this.createError({
      path: 'maxPrice',
      message: 'The maximum price must not be below the minimum',
    });
  });

export type CatalogueQuery = yup.InferType<typeof catalogueQuerySchema>;

/** The order of the parameters in a written query string, so one query has one URL. */
const CATALOGUE_PARAMS = [
  'q',
  'category',
  'minPrice',
  'maxPrice',
  'inStock',
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
