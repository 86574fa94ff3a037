import {
  apiPaths,
  CATALOGUE_PAGE_SIZE,
  type CatalogueFacets,
  type CatalogueQuery,
  type CataloguePart,
} from '@sprocket/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The catalogue, oldest first; cached under the original shop's key "products". */
export const partsQueryOptions = () =>
  getQueryOptions<CataloguePart[]>(queryKeys.parts.all(), apiPaths.parts());

export const useParts = () => useQuery(partsQueryOptions());

/**
 * One page of the catalogue that matches `query`, and how many parts match in all. The page size
 * is always sent: without any parameter the API answers the whole catalogue, as it always did.
 */
export const getCataloguePage = (
  query: CatalogueQuery,
  { signal }: { signal?: AbortSignal } = {},
) =>
  api.page<CataloguePart>(
    apiPaths.partsMatching({ ...query, pageSize: query.pageSize ?? CATALOGUE_PAGE_SIZE }),
    { signal },
  );

export const cataloguePageQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: queryKeys.parts.matching(query),
    queryFn: ({ signal }) => getCataloguePage(query, { signal }),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    // All Parts shows a failure in place, with Retry.
    meta: { errorToast: false },
  });

export const useCataloguePage = (query: CatalogueQuery) =>
  useQuery(cataloguePageQueryOptions(query));

/** What the counts depend on: the query without its page and sort. */
const facetsQuery = ({ page: _page, sort: _sort, pageSize: _size, ...query }: CatalogueQuery) =>
  query;

/**
 * How many parts each filter's option would give with `query` (docs/decisions/089): the counts
 * beside All Parts' filters, which disable an option that gives none. Asked beside the page.
 */
export const catalogueFacetsQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    ...getQueryOptions<CatalogueFacets>(
      queryKeys.parts.facets(facetsQuery(query)),
      apiPaths.partFacets(facetsQuery(query)),
    ),
    // The counts of the last query stay while the next ones load.
    placeholderData: keepPreviousData,
    // Without counts the filters still work: no toast.
    meta: { errorToast: false },
  });

export const useCatalogueFacets = (query: CatalogueQuery) =>
  useQuery(catalogueFacetsQueryOptions(query));
