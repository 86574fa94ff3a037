import { apiPaths, type DeleteResult, type ShopPage, type ShopPageInput } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** What a saved page changes: the dashboard's list, the footer, the page itself. */
const refreshPages = (queryClient: Parameters<typeof invalidate>[0]) =>
  invalidate(queryClient, queryKeys.shopPages.any());

/**
 * POST /admin/pages (a new page) or PUT /admin/pages/{slug} (`editing`: the page's address
 * before the change; a new `slug` moves it). A taken address is a 409 on `slug`.
 */
export const savePage = ({ input, editing }: { input: ShopPageInput; editing?: string }) =>
  editing === undefined
    ? api.post<ShopPage>(apiPaths.adminPages(), input)
    : api.put<ShopPage>(apiPaths.adminPage(editing), input);

export const useSavePage = () => useApiMutation(savePage, refreshPages);

/** DELETE /admin/pages/{slug}: its address answers 404 from then on. */
export const deletePage = (slug: string) => api.delete<DeleteResult>(apiPaths.adminPage(slug));

export const useDeletePage = () => useApiMutation(deletePage, refreshPages);
