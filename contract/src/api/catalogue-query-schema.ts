/** The catalogue's query string as the API checks it (api/catalogue.ts has its plain rules). */
import * as yup from 'yup';
import { PRICE_MAX_CENTS } from '../parts/part-rules.js';
import { partCategorySchema, plainNumberTest } from '../schemas/part.js';
import { specFilterProblems, specFilterValues, type SpecFilters } from '../parts/specs.js';
import {
  CATALOGUE_PAGE_MAX,
  CATALOGUE_PAGE_SIZE_MAX,
  CATALOGUE_SORTS,
  SEARCH_TEXT_MAX,
  type CatalogueQuery,
} from './catalogue.js';

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

/** An object of lists, as catalogueQueryInput gathers the spec filters. */
const isValueLists = (value: unknown): value is Record<string, unknown[]> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(Array.isArray);

const SORT_MAX = Math.max(...CATALOGUE_SORTS.map((sort) => sort.length));

/**
 * GET /parts?q=&category=&minPrice=&maxPrice=&inStock=&spec.<key>=&sort=&page=&pageSize=. Prices are in the
 * currency's minor unit, like every price of the API. Every parameter is optional; with none the
 * API lists the whole catalogue in its own order.
 */
export const catalogueQuerySchema: yup.ObjectSchema<CatalogueQuery> = yup
  .object({
    q: searchTextField(),
    category: partCategorySchema().optional(),
    minPrice: queryWholeNumber('Minimum price', 0, PRICE_MAX_CENTS).optional(),
    maxPrice: queryWholeNumber('Maximum price', 0, PRICE_MAX_CENTS).optional(),
    inStock: yup.boolean().typeError('inStock must be true or false').optional(),
    // Read from the `spec.<key>` parameters by catalogueQueryInput; checked by the test below.
    specs: yup
      .mixed<SpecFilters>()
      .transform((value: unknown) => (isValueLists(value) ? specFilterValues(value) : value))
      .optional(),
    sort: yup
      .string()
      .trim()
      .max(SORT_MAX, `Sort by one of: ${CATALOGUE_SORTS.join(', ')}`)
      .oneOf(CATALOGUE_SORTS, `Sort by one of: ${CATALOGUE_SORTS.join(', ')}`)
      .optional(),
    ...pagingFields,
  })
  .test('spec-filters', 'Filter by specifications the shop knows', function (query) {
    if (query.specs === undefined) return true;
    if (!isValueLists(query.specs))
      return this.createError({ path: 'specs', message: 'Filter by spec.<key>=<value>' });
    // Whether the query's category uses them is the route's check, against the stored ones.
    const problems = Object.entries(specFilterProblems(query.specs, undefined));
    if (problems.length === 0) return true;
    return new yup.ValidationError(
      problems.map(([path, message]) => this.createError({ path, message })),
    );
  })
  .test('price-range', 'The maximum price must not be below the minimum', function (query) {
    const { minPrice, maxPrice } = query;
    if (minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice) return true;
    return this.createError({
      path: 'maxPrice',
      message: 'The maximum price must not be below the minimum',
    });
  });

/**
 * GET /parts/suggest?q= (docs/decisions/095): the words as typed, not trimmed (a space after the
 * last word says it is finished).
 */
export const partSuggestionsQuerySchema = yup
  .object({
    q: yup
      .string()
      .max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`)
      .default(''),
  })
  .noUnknown('Unknown query parameter: ${unknown}');
