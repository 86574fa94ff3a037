import { apiPaths, type AdminRoleInput, type PromoteResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * PUT /user/admin/{email} (admin, bearer); the answer is read at result.modifiedCount. A promotion
 * sends no body, as the original API did; `{ "admin": false }` takes the rights away.
 */
export const setAdminRole = (email: string, admin: boolean) =>
  api.put<PromoteResult>(
    apiPaths.promote(email),
    admin ? undefined : ({ admin: false } satisfies AdminRoleInput),
  );

/** Whoever changed, the user list and that user's admin status (the menu, the guard) are stale. */
const useAdminRoleMutation = (admin: boolean, errorToast: boolean) =>
  useApiMutation(
    (email: string) => setAdminRole(email, admin),
    (queryClient, _result, email) =>
      invalidate(queryClient, queryKeys.users(), queryKeys.admin(email)),
    { meta: { errorToast } },
  );

/** Make Admin. docs/product.md §8.1 words the refusal itself, so the screen shows every failure. */
export const usePromoteUser = () => useAdminRoleMutation(true, false);

/** Remove Admin. The API's message says why it refused (such as the shop's last admin). */
export const useDemoteUser = () => useAdminRoleMutation(false, true);
