import { useEffect } from 'react';

const SHOP = 'Sprocket — bicycle parts';

/** Names the browser tab after the screen, so history and tabs read well. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · Sprocket` : SHOP;
  }, [title]);
}
