import { apiPaths, type InsertResult, type PartInput } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** POST /parts (admin): the price travels in cents. */
export const addPart = (part: PartInput) => api.post<InsertResult>(apiPaths.parts(), part);

export const useAddPart = () =>
  useApiMutation(addPart, (queryClient) => invalidate(queryClient, queryKeys.parts.all()));
