import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/auth.js';
import { authErrorMessage } from '../components/auth-error.js';
import { useReturnTo } from './use-return-to.js';

/**
 * What the login and signup screens share: run one sign-in step (password, sign-up, Google) with
 * a spinner, return to the remembered page when it succeeds, and say in plain words what went wrong
 * when it fails (auth-error.ts, docs/product.md §2.8).
 */
export function useAuthStep() {
  const session = useSession();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (step: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await step();
      navigate(returnTo, { replace: true });
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return {
    /** Signed in already (and not in the middle of signing in here): go straight back. */
    alreadySignedIn: session.status === 'signedIn' && !busy,
    returnTo,
    error,
    busy,
    run,
  };
}

export type AuthStep = ReturnType<typeof useAuthStep>;
