import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthActions } from '../../../lib/auth.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Sends the verification link again; the notice words failures itself. */
export function useResendVerificationEmail() {
  const { resendVerificationEmail } = useAuthActions();
  return useMutation({
    mutationFn: resendVerificationEmail,
    meta: { errorToast: false },
  });
}

/**
 * "I've verified it": reloads the account and, once verified, takes a fresh accessToken. Admin
 * rights from the shop's list come with a verified address, so the admin status is asked again.
 */
export function useConfirmEmailVerified(email: string) {
  const { refreshEmailVerification } = useAuthActions();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshEmailVerification,
    meta: { errorToast: false },
    onSuccess: async (verified) => {
      if (verified) await queryClient.invalidateQueries({ queryKey: queryKeys.admin(email) });
    },
  });
}
