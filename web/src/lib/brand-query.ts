import { apiPaths, type BrandSettings } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from './api-query.js';
import { queryKeys } from './query-keys.js';

/**
 * The shop's brand (GET /brand, docs/decisions/104): its name, logo, accent colour and contact
 * details, which the layout, the theme and every title show, so it lives here rather than in a
 * feature. Rendered pages carry it (app/prefetch.ts, the root's loader); until a page the browser
 * renders has it, the name is left out rather than shown wrong.
 */
export const brandQueryOptions = () =>
  getQueryOptions<BrandSettings>(queryKeys.brand(), apiPaths.brand(), {
    // The same for everyone and rarely changed: kept for the visit once read.
    staleTime: 5 * 60_000,
    // The pages do without it (the default look, no name): a failure is not told.
    meta: { errorToast: false },
  });

/** The brand, or undefined until it has arrived. */
export const useBrand = (): BrandSettings | undefined => useQuery(brandQueryOptions()).data;

/**
 * The brand the layout (navigation bar, footer, theme) asked for, without asking for it again:
 * a screen's words that name the shop (its title, who changed an order) follow the layout's
 * answer, and a screen tested on its own asks the API for nothing more.
 */
export const useLayoutBrand = (): BrandSettings | undefined =>
  useQuery({ ...brandQueryOptions(), enabled: false }).data;
