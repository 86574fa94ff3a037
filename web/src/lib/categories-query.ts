import { apiPaths, type AdminCategory, type Category } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from './api-query.js';
import { queryKeys } from './query-keys.js';

/**
 * The catalogue's categories (docs/decisions/108): the shown ones in the shop's order, which the
 * filters, breadcrumbs, product pages and search box read, so they live here rather than in a
 * feature. Rendered pages carry them (app/prefetch.ts, the root's loader).
 */
export const categoriesQueryOptions = () =>
  getQueryOptions<Category[]>(queryKeys.categories.shown(), apiPaths.categories(), {
    // The same for everyone and rarely changed: kept for the visit once read.
    staleTime: 5 * 60_000,
    // The pages do without them (ids in place of names): a failure is not told.
    meta: { errorToast: false },
  });

/** The shown categories, or none until they have arrived. */
export const useCategories = (): readonly Category[] =>
  useQuery(categoriesQueryOptions()).data ?? NO_CATEGORIES;

const NO_CATEGORIES: readonly Category[] = [];

/** Every category, hidden ones too, with their parts: what the admin's screens file parts under. */
export const adminCategoriesQueryOptions = () =>
  getQueryOptions<AdminCategory[]>(queryKeys.categories.all(), apiPaths.adminCategories(), {
    // The product forms' picker: the admin's own changes refresh it; the Categories screen asks
    // again each time it opens.
    staleTime: 60_000,
  });

/** The admin's categories, or none until they have arrived. */
export const useAdminCategories = (): readonly AdminCategory[] =>
  useQuery(adminCategoriesQueryOptions()).data ?? NO_ADMIN_CATEGORIES;

const NO_ADMIN_CATEGORIES: readonly AdminCategory[] = [];
