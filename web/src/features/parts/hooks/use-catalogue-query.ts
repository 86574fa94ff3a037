import {
  catalogueSearch,
  isCatalogueSort,
  categoryOf,
  CATALOGUE_PAGE_MAX,
  PLAIN_NUMBER_TEXT,
  PRICE_MAX_CENTS,
  SEARCH_TEXT_MAX,
  SPEC_PARAM_PREFIX,
  specFilterParams,
  specFilterProblems,
  specFilterValues,
  type CatalogueQuery,
  type Category,
  type SpecFilters,
} from '@sprocket/contract';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useCategories } from '../../../lib/categories-query.js';
import { parsePrice } from '../../../lib/money.js';

/**
 * The price range as typed in the shop currency ("12.50"), which the filters' form sends when the
 * browser sends it itself, before the page is hydrated (docs/decisions/058); the app writes
 * minPrice and maxPrice, in minor units, which win when both are there.
 */
export const TYPED_PRICE_PARAMS = { minPrice: 'priceFrom', maxPrice: 'priceTo' } as const;

const wholeNumberIn = (text: string | null, min: number, max: number): number | undefined => {
  if (text === null || !PLAIN_NUMBER_TEXT.test(text)) return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
};

const typedPrice = (text: string | null): number | undefined => {
  const cents = text === null || text.trim() === '' ? null : parsePrice(text);
  return cents !== null && cents <= PRICE_MAX_CENTS ? cents : undefined;
};

const priceIn = (search: URLSearchParams, bound: keyof typeof TYPED_PRICE_PARAMS) =>
  wholeNumberIn(search.get(bound), 0, PRICE_MAX_CENTS) ??
  typedPrice(search.get(TYPED_PRICE_PARAMS[bound]));

/**
 * The spec filters of an address (`spec.speeds=12&spec.speeds=11`) that the API takes with this
 * category: a spec the category lacks (left from the category before) or a value not allowed is
 * left out.
 */
export function specFiltersIn(
  search: URLSearchParams,
  category: Category | undefined,
): SpecFilters | undefined {
  const params: Record<string, string[]> = {};
  for (const name of new Set(search.keys())) params[name] = search.getAll(name);
  const asked = specFilterParams(params);
  if (!asked) return undefined;
  const problems = specFilterProblems(asked, category);
  const kept = Object.entries(asked).filter(([key]) => !problems[`${SPEC_PARAM_PREFIX}${key}`]);
  return kept.length > 0 ? specFilterValues(Object.fromEntries(kept)) : undefined;
}

/** The filters of `specs` that still apply in `category` (after the shopper changed it). */
export function specFiltersFor(
  specs: SpecFilters | undefined,
  category: Category | undefined,
): SpecFilters | undefined {
  if (!specs) return undefined;
  const problems = specFilterProblems(specs, category);
  const kept = Object.entries(specs).filter(([key]) => !problems[`${SPEC_PARAM_PREFIX}${key}`]);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/**
 * The catalogue query of an All Parts address (`/parts?q=chain&category=drivetrain&page=2`), the
 * inverse of the contract's catalogueSearch. A shared or hand-edited link may say anything: what
 * the API would refuse is left out rather than shown as an error, so the page still lists parts
 * (a category the shop's shown `categories` lack, hidden or deleted, lists them all). The page
 * size is the API's own (never in the URL).
 */
export function catalogueQueryFromSearch(
  search: URLSearchParams,
  categories: readonly Category[],
): CatalogueQuery {
  const q = search.get('q')?.trim().slice(0, SEARCH_TEXT_MAX) || undefined;
  const category = categoryOf(categories, search.get('category') ?? undefined);
  const sort = search.get('sort');
  const minPrice = priceIn(search, 'minPrice');
  let maxPrice = priceIn(search, 'maxPrice');
  if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice) maxPrice = undefined;
  const page = wholeNumberIn(search.get('page'), 1, CATALOGUE_PAGE_MAX);
  const query: CatalogueQuery = {
    q,
    category: category?.id,
    minPrice,
    maxPrice,
    inStock: search.get('inStock') === 'true' ? true : undefined,
    specs: specFiltersIn(search, category),
    sort: isCatalogueSort(sort) ? sort : undefined,
    page: page === 1 ? undefined : page,
  };
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as CatalogueQuery;
}

/** How many of the filters (not the search text, sort or page) a query sets; each spec counts. */
export const activeFilterCount = (query: CatalogueQuery): number =>
  [query.category, query.minPrice, query.maxPrice, query.inStock].filter(
    (value) => value !== undefined,
  ).length + Object.keys(query.specs ?? {}).length;

/** Whether a query narrows the catalogue at all (search text or a filter). */
export const isFiltered = (query: CatalogueQuery): boolean =>
  Boolean(query.q) || activeFilterCount(query) > 0;

/**
 * What a query asks for, whatever order its spec values came in and without its page: two
 * queries with the same are the same search, filters and sort.
 */
export function searchWithoutPage(query: CatalogueQuery): string {
  const specs = query.specs
    ? Object.fromEntries(
        Object.keys(query.specs)
          .sort()
          .map((key) => [key, [...(query.specs?.[key] ?? [])].map(String).sort()]),
      )
    : undefined;
  return catalogueSearch({ ...query, page: undefined, specs });
}

/**
 * The All Parts query, read from the address and written to it. Every change is a new history
 * entry, so the back button restores the previous search; a change of anything but the page goes
 * back to the first page.
 *
 * The router moves to a new address in a transition, which a busy phone finishes late: until it
 * has, the query is the one asked for, so a box just ticked stays ticked, and a second change
 * adds to the first instead of replacing it (docs/decisions/086). An address that comes from
 * elsewhere (the back button, a link) replaces what was asked for.
 */
export function useCatalogueQuery() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const categories = useCategories();
  const address = useMemo(() => catalogueQueryFromSearch(search, categories), [search, categories]);
  const addressText = catalogueSearch(address);
  // What this page asked for and the address has not caught up with, with every address asked
  // for on the way there (the router may show them one after the other).
  const [asked, setAsked] = useState<{ query: CatalogueQuery; on: string[] } | null>(null);
  const [shown, setShown] = useState(addressText);
  // How many times the address changed by other means than `update` (the back button, a link).
  const [arrivals, setArrivals] = useState(0);
  if (addressText !== shown) {
    setShown(addressText);
    const mine = asked?.on.includes(addressText) ?? false;
    if (!mine) setArrivals(arrivals + 1);
    if (asked && (!mine || catalogueSearch(asked.query) === addressText)) setAsked(null);
  }
  const query = asked?.query ?? address;

  const update = useCallback(
    (change: Partial<CatalogueQuery>) => {
      const next: CatalogueQuery = { ...query, page: undefined, ...change };
      if (next.page === 1) next.page = undefined;
      const nextText = catalogueSearch(next);
      setAsked((current) =>
        nextText === addressText ? null : { query: next, on: [...(current?.on ?? []), nextText] },
      );
      void navigate(paths.parts.getHref(nextText));
    },
    [navigate, query, addressText],
  );
  const clear = useCallback(() => void navigate(paths.parts.getHref()), [navigate]);

  /** `arrival`: changes when the address comes from elsewhere, where fields start again. */
  return { query, update, clear, arrival: arrivals };
}
