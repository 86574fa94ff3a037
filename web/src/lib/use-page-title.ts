import { useEffect } from 'react';

const SHOP = 'Sprocket — bicycle parts';

/** A screen's title as the browser tab shows it (and a page rendered on the server, page-head.ts). */
export const pageTitle = (title?: string): string => (title ? `${title} · Sprocket` : SHOP);

/** Names the browser tab after the screen, so history and tabs read well. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
