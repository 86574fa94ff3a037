/**
 * What a page rendered on the server (entry-server.tsx) hands the browser to hydrate it, in a
 * JSON <script> element after #root: the queries the screens read and the route loaders' results.
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

export interface PageData {
  queries: DehydratedState;
  router: HydrationState;
}

export const PAGE_DATA_ID = 'sprocket-page-data';

/** The page's data, or null for a page the browser renders itself (the shell of index.html). */
export function readPageData(document: Document): PageData | null {
  const element = document.getElementById(PAGE_DATA_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageData) : null;
}
