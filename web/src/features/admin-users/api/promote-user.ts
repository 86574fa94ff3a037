import { apiPaths, type PromoteResult } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** PUT /user/admin/{email} (admin, bearer); the answer is read at result.modifiedCount. */
export const promoteUser = (email: string) =>
  api.put<PromoteResult>(apiPaths.promote(email), undefined);

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    // Spec §8 words the refusal itself; the Make Admin screen shows every failure.
    meta: { errorToast: false },
    onSuccess: (_result, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', email] }),
      ]),
  });
}
