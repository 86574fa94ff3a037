import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The last change a list wrote to the page's search and the search it was made from, shared by
 * every hook of this folder that writes there (use-list-params.ts, url-filters.tsx).
 */
let lastWrite: { from: string; wrote: string } | undefined;

/**
 * The page's search params, and a writer that changes some of them and keeps the rest. The router
 * re-renders after a write in a transition, which a busy phone may hold back; a second change
 * before that render (the search box's debounced write just after a filter was chosen) starts
 * from the first change's result, not from the search the page last rendered, so neither is lost.
 */
export function useSearchWriter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rendered = searchParams.toString();
  // Once a render shows the page's search, it is the one to start from again (the back button).
  useEffect(() => {
    if (lastWrite?.wrote === rendered) lastWrite = undefined;
  }, [rendered]);
  const write = (edit: (next: URLSearchParams) => void, { replace = false } = {}) => {
    const next = new URLSearchParams(lastWrite?.from === rendered ? lastWrite.wrote : rendered);
    edit(next);
    lastWrite = { from: rendered, wrote: next.toString() };
    setSearchParams(next, { replace });
  };
  return { searchParams, write };
}
