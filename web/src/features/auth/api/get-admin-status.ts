import { apiPaths, type AdminStatus } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Whether the signed-in email is an admin, asked of the server (docs/product.md §4.5). */
export const adminStatusQueryOptions = (email: string) =>
  getQueryOptions<AdminStatus>(queryKeys.admin(email), apiPaths.adminStatus(email), {
    // A promotion or demotion takes effect at once on the server; ask again on every visit.
    staleTime: 0,
    // The admin guard turns a refusal into a sign-out and shows other failures itself.
    meta: { errorToast: false },
    retry: false,
  });

export const useAdminStatus = (email: string | null | undefined) =>
  useQuery({ ...adminStatusQueryOptions(email ?? ''), enabled: Boolean(email) });
