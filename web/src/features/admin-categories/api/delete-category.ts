import { apiPaths, type DeleteResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { useApiMutation } from '../../../lib/api-query.js';
import { refreshCategories } from './refresh-categories.js';

/** DELETE /admin/categories/{id}: one without parts (409 while it has some: hide it instead). */
export const deleteCategory = (id: string) => api.delete<DeleteResult>(apiPaths.adminCategory(id));

export const useDeleteCategory = () => useApiMutation(deleteCategory, refreshCategories);
