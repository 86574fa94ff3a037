import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser is idle after it: what a page shows far below
 * the fold (and the code it imports) waits until then instead of competing with the first render.
 */
export function useIdleAfterRender(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      // The timeout bounds the wait on a page that never goes idle.
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}
