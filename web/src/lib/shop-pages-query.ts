import { apiPaths, type ShopPageSummary } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from './api-query.js';
import { queryKeys } from './query-keys.js';

/**
 * The published pages the owner wrote (GET /pages), which the footer links on every page: the
 * layout reads them, so they live here rather than in a feature. Rendered pages carry them
 * (app/prefetch.ts, the root's loader). Fresh for five minutes, as the shop's brand and categories
 * are: the owner publishes a page rarely (the dashboard's own writes refresh it), and a visit
 * should not ask again on every screen it opens after half a minute.
 */
export const shopPagesQueryOptions = () =>
  getQueryOptions<ShopPageSummary[]>(queryKeys.shopPages.published(), apiPaths.pages(), {
    // The footer does without them: a failure leaves the links out rather than saying so.
    meta: { errorToast: false },
    staleTime: 5 * 60_000,
  });

export const useShopPages = () => useQuery(shopPagesQueryOptions());
