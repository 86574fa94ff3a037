/**
 * The public pages rendered on the server (docs/decisions/040): the function that serves the API
 * renders home and All Parts with their data, so a visitor sees the page before any JavaScript
 * has loaded, and the browser then hydrates what it painted (main.tsx). Built by `vite build
 * --ssr` into one module with every package inside (web/build.mjs), which functions/ copies
 * beside its own bundle and imports on the first page it serves (functions/src/http/pages.ts).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PAGE_DATA_ID, type PageData } from './app/page-data.js';
import { serverLoaders } from './app/prefetch.js';
import { AppProvider } from './app/provider.js';
import { appRoutes } from './app/router.js';
import { createQueryClient } from './lib/query-client.js';

export { setApiTransport } from './lib/api-client.js';

/** The shell in index.html with the white space around it: React hydrates every child of #root. */
const SHELL = /\s*<!--app-shell-->[\s\S]*<!--\/app-shell-->\s*/;

/**
 * The page at `url` in the built index.html `template`, or undefined when it is better left to
 * the browser: an address the screens would redirect or answer with an error, or data the API
 * could not give (the browser asks again and shows what went wrong).
 */
export async function renderPage(
  url: string,
  template: string,
): Promise<{ status: number; html: string } | undefined> {
  if (!SHELL.test(template)) throw new Error('index.html has no <!--app-shell--> to replace');
  const queryClient = createQueryClient();
  const handler = createStaticHandler(appRoutes(serverLoaders(queryClient)));
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return undefined;
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status !== 'success');
  if (failed) return undefined;

  // Emotion's server cache, named as the browser's default one is, so the browser takes these
  // styles over instead of inserting them again.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
  );
  const body = await new Response(prelude).text();
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(body));
  const data: PageData = {
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  };
  queryClient.clear();
  const html = template
    .replace('</head>', `${styles}</head>`)
    .replace(SHELL, () => body)
    .replace(
      '</body>',
      `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(data)}</script></body>`,
    );
  return { status: context.statusCode, html };
}

/**
 * JSON that cannot end its <script> element or open a comment there: part names and reviews are
 * written by people, and a "</script>" in one must stay text (an XSS otherwise).
 */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
