import { apiPaths, type ShopPage } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** One published page the owner wrote, with its text as sanitised HTML (GET /pages/{slug}). */
export const shopPageQueryOptions = (slug: string) =>
  getQueryOptions<ShopPage>(queryKeys.shopPages.one(slug), apiPaths.page(slug));

/**
 * The page's screen shows a failure itself (a 404 as "GOT LOST ?", else Retry), and one a page
 * rendered on the server was given is shown as it is, not asked again as the screen mounts.
 */
export const useShopPage = (slug: string) =>
  useQuery({ ...shopPageQueryOptions(slug), meta: { errorToast: false }, retryOnMount: false });
