/**
 * The public pages rendered on the server (docs/decisions/040, 056): the function that serves the
 * API renders every public page with its data and its head (page-head.ts), so a visitor and a
 * crawler see the page before any JavaScript has run, and the browser then hydrates what it
 * painted (main.tsx); an address the app does not know, or a part that is not there, is the
 * "GOT LOST ?" page with status 404. Built by `vite build
 * --ssr` into one module with every package inside (web/build.mjs), which functions/ copies
 * beside its own bundle and imports on the first page it serves (functions/src/http/pages.ts).
 */
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type {
  BrandSettings,
  CataloguePart,
  CatalogueReview,
  Category,
  ShopPage,
} from '@sprocket/contract';
import { defaultShouldDehydrateQuery, dehydrate } from '@tanstack/react-query';
import { extractCss } from 'goober';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchPath,
  StaticRouterProvider,
} from 'react-router';
import { serverStyleTags } from './app/emotion-in-place.js';
import { headTags, pageHead, scriptSafeJson } from './app/page-head.js';
import { PAGE_DATA_ID, type PageData } from './app/page-data.js';
import { serverLoaders } from './app/prefetch.js';
import { staticStyleTag } from './app/static-styles.js';
import { AppProvider } from './app/provider.js';
import { appRoutes } from './app/router.js';
import { env } from './config/env.js';
import { paths } from './config/paths.js';
import { partQueryOptions } from './features/parts/api/get-part.js';
import { partReviewsQueryOptions } from './features/reviews/api/get-part-reviews.js';
import { brandQueryOptions } from './lib/brand-query.js';
import { createEmotionCache } from './lib/emotion-cache.js';
import { categoriesQueryOptions } from './lib/categories-query.js';
import { shopPageQueryOptions } from './features/shop-pages/api/get-shop-page.js';
import { isNotFoundError } from './lib/api-client.js';
import { createQueryClient } from './lib/query-client.js';

export { setApiTransport } from './lib/api-client.js';

/**
 * The toasts' stylesheet, which notistack makes with goober as it loads (here, through the app's
 * provider, before this line runs): sent with every page under goober's own element id, the
 * browser's goober finds each of its rules there and adds nothing, where it added a style sheet,
 * and the browser restyled the whole page, as the page was starting (docs/decisions/115).
 */
const toastStyles = extractCss();
const TOAST_STYLE_TAG = toastStyles ? `<style id="_goober">${toastStyles}</style>` : '';

/** The shell in index.html with the white space around it: React hydrates every child of #root. */
const SHELL = /\s*<!--app-shell-->[\s\S]*<!--\/app-shell-->\s*/;
/** index.html's title and description, which a rendered page replaces with its own head. */
const HEAD = /<!--page-head-->[\s\S]*<!--\/page-head-->/;

/**
 * The page at `url` in the built index.html `template`, or undefined when it is better left to
 * the browser: an address the screens would redirect or answer with an error, or data the API
 * could not give (the browser asks again and shows what went wrong).
 */
export async function renderPage(
  url: string,
  template: string,
  site: { origin: string },
): Promise<{ status: number; html: string } | undefined> {
  if (!SHELL.test(template)) throw new Error('index.html has no <!--app-shell--> to replace');
  if (!HEAD.test(template)) throw new Error('index.html has no <!--page-head--> to replace');
  const queryClient = createQueryClient();
  const handler = createStaticHandler(appRoutes(serverLoaders(queryClient)));
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return undefined;
  const queries = queryClient.getQueryCache().getAll();
  // A part that is not there is the 404 page; any other failure is left to the browser.
  if (queries.some((q) => q.state.status !== 'success' && !isNotFoundError(q.state.error))) {
    return undefined;
  }
  const notFound =
    queries.some((q) => isNotFoundError(q.state.error)) ||
    context.matches.some((match) => match.route.path === '*');
  const status = notFound ? 404 : context.statusCode;

  // Emotion's server cache, named as the browser's one is, so its class names are the browser's
  // and the browser takes these styles over in place instead of inserting them again
  // (app/emotion-in-place.ts).
  const cache = createEmotionCache();
  const { extractCriticalToChunks } = createEmotionServer(cache);
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
    // Each Suspense boundary's HTML in place, however large: React would otherwise send a large
    // one after the page with a script to move it in (the hydration sections, docs/decisions/118).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const body = await new Response(prelude).text();
  // Every style the render made, not only the classes the HTML names: emotion also makes one for
  // each step of a composed component (AppBar's own, before Paper's are added). Left out, the
  // browser made and inserted those 230-odd rules again in hydration's one commit (15 ms of a
  // fast machine's time, four times that on a phone; docs/decisions/073).
  const everyClass = Object.keys(cache.inserted)
    .map((id) => `${cache.key}-${id}`)
    .join(' ');
  const styles = serverStyleTags(
    cache.key,
    extractCriticalToChunks(`${body} ${everyClass}`).styles,
  );
  const data: PageData = {
    // With a 404 of the API, so the browser shows the same "GOT LOST ?" page as it hydrates.
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        defaultShouldDehydrateQuery(query) || isNotFoundError(query.state.error),
    }),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  };
  const partId = matchPath(paths.part.path, new URL(url).pathname)?.params.id;
  const pageSlug = matchPath(paths.shopPage.path, new URL(url).pathname)?.params.slug;
  const brand = queryClient.getQueryData<BrandSettings>(brandQueryOptions().queryKey);
  // The root's loader waited for it, and a failure left the page to the browser (prefetch.ts).
  if (!brand) return undefined;
  const head = pageHead({
    origin: site.origin,
    url: new URL(url),
    status,
    currency: env.shopCurrency,
    brand,
    categories: queryClient.getQueryData<Category[]>(categoriesQueryOptions().queryKey) ?? [],
    part: partId
      ? queryClient.getQueryData<CataloguePart>(partQueryOptions(partId).queryKey)
      : undefined,
    reviews: partId
      ? queryClient.getQueryData<CatalogueReview[]>(partReviewsQueryOptions(partId).queryKey)
      : undefined,
    shopPage: pageSlug
      ? queryClient.getQueryData<ShopPage>(shopPageQueryOptions(pageSlug).queryKey)
      : undefined,
  });
  queryClient.clear();
  const html = template
    .replace(HEAD, () => headTags(head))
    .replace('</head>', () => `${staticStyleTag()}${styles}${TOAST_STYLE_TAG}</head>`)
    .replace(SHELL, () => body)
    .replace(
      '</body>',
      `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(data)}</script></body>`,
    );
  return { status, html };
}
