import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React renders a page on the server and while it hydrates it in the browser, true
 * from then on (and at once on a page the browser rendered itself). A control that only works
 * with JavaScript is disabled until then (docs/decisions/040): a click on a page painted from the
 * server's HTML would otherwise do nothing, or submit a form the browser's own way.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
