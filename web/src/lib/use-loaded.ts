import { useEffect, useState } from 'react';

/**
 * What `load` resolves to once it has, else null: a module a screen loads with itself only (a
 * renderer the storefront's scripts must not carry). `load` is a stable function (module level).
 */
export function useLoaded<T>(load: () => Promise<T>): T | null {
  // Boxed: a loaded function would otherwise be taken for a state updater.
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((value) => {
      if (live) setLoaded({ value });
    });
    return () => {
      live = false;
    };
  }, [load]);
  return loaded?.value ?? null;
}
