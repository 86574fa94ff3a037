import { apiPaths, type Category, type CategoryInput } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshCategories } from './refresh-categories.js';

/** POST /admin/categories: a new category at the end of the list, shown. */
export const addCategory = (input: CategoryInput) =>
  api.post<Category>(apiPaths.adminCategories(), input);

export const useAddCategory = () => useApiMutation(addCategory, refreshCategories);
