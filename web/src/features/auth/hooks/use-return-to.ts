import { useLocation, type Location } from 'react-router';
import { paths } from '../../../config/paths.js';

/** What the sign-in guard puts in the router state when it sends someone to /login. */
export interface ReturnToState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after signing in: the page the user came from, otherwise the home page. */
export function useReturnTo(): string {
  const state = useLocation().state as ReturnToState | null;
  const from = state?.from;
  if (!from?.pathname || from.pathname === paths.login.path || from.pathname === paths.signup.path)
    return paths.root.getHref();
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
