import type { QueryClient } from '@tanstack/react-query';
import { invalidate } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * After any change of categories: both lists of them, and the catalogue's, whose filters, names
 * and shown parts follow them (decision 108).
 */
export const refreshCategories = (queryClient: QueryClient) =>
  invalidate(queryClient, queryKeys.categories.any(), queryKeys.parts.all());
