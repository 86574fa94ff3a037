import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { paths } from '../../../config/paths.js';
import { useSession } from '../../../lib/auth.js';
import type { ReturnToState } from '../hooks/use-return-to.js';

/**
 * Sign-in guard (docs/product.md §4.5): a spinner while Firebase restores the session; without one,
 * off to /login, remembering where the user was and replacing this entry in the history.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <FullScreenSpinner label="Checking your sign-in" />;
  if (session.status === 'signedOut') {
    const state: ReturnToState = { from: location };
    return <Navigate to={paths.login.getHref()} state={state} replace />;
  }
  return children;
}
