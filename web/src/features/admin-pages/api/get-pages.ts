import { apiPaths, type ShopPage, type ShopPageSummary } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Every page the owner wrote, drafts too, by title (GET /admin/pages). */
export const usePages = () =>
  useQuery(getQueryOptions<ShopPageSummary[]>(queryKeys.shopPages.all(), apiPaths.adminPages()));

/** One page with its Markdown, a draft too, as the editor opens it (GET /admin/pages/{slug}). */
export const usePageToEdit = (slug: string) =>
  useQuery(
    getQueryOptions<ShopPage>(queryKeys.shopPages.draft(slug), apiPaths.adminPage(slug), {
      // Another admin may have changed it since: read it afresh each time the editor opens.
      staleTime: 0,
    }),
  );
