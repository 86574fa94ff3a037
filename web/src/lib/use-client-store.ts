import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useIsHydrating } from './use-hydrated.js';

/**
 * A value only the browser knows (the session, the stored cart, a media query), read like
 * useSyncExternalStore but safe for a page the server rendered (docs/decisions/058, 117).
 *
 * useSyncExternalStore renders the server's value while hydrating and, once hydration has
 * committed, re-renders every component whose browser value differs synchronously, in one long
 * task that blocks the page (React never lets a store's update wait in a transition). Here a
 * component hydrated from the server's HTML keeps the server's value until the browser's differs
 * from it, then switches in a transition, in slices; one whose value is the same (an empty cart, a
 * phone's media query) does not render again at all. After that it follows the store as
 * useSyncExternalStore does.
 */
export function useClientStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  serverSnapshot: T,
): T {
  const hydratingHere = useIsHydrating();
  const [switched, setSwitched] = useState(() => typeof window !== 'undefined' && !hydratingHere);
  useEffect(() => {
    if (switched) return;
    const switchIfDifferent = () => {
      if (!Object.is(getSnapshot(), serverSnapshot)) startTransition(() => setSwitched(true));
    };
    switchIfDifferent();
    return subscribe(switchIfDifferent);
  }, [switched, subscribe, getSnapshot, serverSnapshot]);
  const getServerSnapshot = useCallback(() => serverSnapshot, [serverSnapshot]);
  return useSyncExternalStore(
    subscribe,
    switched ? getSnapshot : getServerSnapshot,
    getServerSnapshot,
  );
}

// jsdom, where the component tests run, has no matchMedia: nothing matches there.
const hasMatchMedia = () => typeof window.matchMedia === 'function';

const subscribeMedia = (query: string) => (onChange: () => void) => {
  if (!hasMatchMedia()) return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/**
 * Whether a media query matches (a theme breakpoint such as `theme.breakpoints.down('sm')`):
 * false on the server and while hydrating, as the server rendered it, then the browser's answer.
 */
export function useMediaMatch(query: string): boolean {
  const media = query.replace(/^@media\s*/, '');
  const subscribe = useCallback((onChange: () => void) => subscribeMedia(media)(onChange), [media]);
  const matches = useCallback(() => hasMatchMedia() && window.matchMedia(media).matches, [media]);
  return useClientStore(subscribe, matches, false);
}
