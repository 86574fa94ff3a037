import { startTransition, useEffect, useState } from 'react';

/** Set by main.tsx while React takes over a page the server rendered (docs/decisions/040). */
let hydrating = false;
export const startHydrating = () => {
  hydrating = true;
};
export const finishHydrating = () => {
  hydrating = false;
};

/**
 * False while React renders a page on the server and while it hydrates it in the browser, true
 * from then on (and at once on a page the browser rendered itself). A control that only works
 * with JavaScript is disabled until then (docs/decisions/040): a click on a page painted from the
 * server's HTML would otherwise do nothing, or submit a form the browser's own way. The switch is
 * a transition: the two dozen cards of All Parts re-render in slices, not in one long task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
