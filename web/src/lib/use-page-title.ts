import { shopPageTitle } from '@sprocket/contract';
import { useEffect } from 'react';
import { useLayoutBrand } from './brand-query.js';

/**
 * Names the browser tab after the screen and the shop (as a page rendered on the server is named,
 * page-head.ts), so history and tabs read well; unchanged until the shop's name has arrived.
 */
export function usePageTitle(title?: string) {
  const shopName = useLayoutBrand()?.name;
  useEffect(() => {
    if (shopName !== undefined) document.title = shopPageTitle(shopName, title);
  }, [shopName, title]);
}
