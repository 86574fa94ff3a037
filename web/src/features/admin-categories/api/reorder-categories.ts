import { apiPaths, type Category } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshCategories } from './refresh-categories.js';

/** PUT /admin/categories/order: every category's id, in the new order. */
export const reorderCategories = (ids: string[]) =>
  api.put<Category[]>(apiPaths.adminCategoryOrder(), { ids });

export const useReorderCategories = () => useApiMutation(reorderCategories, refreshCategories);
