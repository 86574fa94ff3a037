import { apiPaths, type CataloguePart, type CatalogueQuery } from '@sprocket/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * GET /admin/parts?q=&category=&sort=&page=&pageSize=: one page of every part, those of hidden
 * categories too (decision 108), and its total.
 */
export const getCataloguePage = (
  query: CatalogueQuery,
  { signal }: { signal?: AbortSignal } = {},
) => api.page<CataloguePart>(apiPaths.adminPartsMatching(query), { signal });

/** Manage Products' page; under "products" so adding, editing or deleting a part refreshes it. */
export const cataloguePageQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: queryKeys.parts.adminMatching(query),
    queryFn: ({ signal }) => getCataloguePage(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCataloguePage = (query: CatalogueQuery) =>
  useQuery(cataloguePageQueryOptions(query));
