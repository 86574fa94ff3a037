import { apiPaths, type Category, type CategoryEdit } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshCategories } from './refresh-categories.js';

/** PATCH /admin/categories/{id}: a new name, other specs, or hidden or shown. */
export const editCategory = ({ id, edit }: { id: string; edit: CategoryEdit }) =>
  api.patch<Category>(apiPaths.adminCategory(id), edit);

export const useEditCategory = () => useApiMutation(editCategory, refreshCategories);
