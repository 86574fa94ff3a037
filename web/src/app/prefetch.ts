/**
 * Route loaders that start a screen's data (or Firebase Auth) while its code loads, so that the
 * two arrive side by side instead of one after the other (docs/decisions/032). They never wait:
 * each screen shows its own loading and error states, as it does without them.
 */
import type { CatalogueQuery, Category } from '@sprocket/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import {
  catalogueFacetsQueryOptions,
  cataloguePageQueryOptions,
  partsQueryOptions,
} from '../features/parts/api/get-parts.js';
import { partQueryOptions } from '../features/parts/api/get-part.js';
import { relatedPartsQueryOptions } from '../features/parts/api/get-related-parts.js';
import { catalogueQueryFromSearch } from '../features/parts/hooks/use-catalogue-query.js';
import { partReviewsQueryOptions } from '../features/reviews/api/get-part-reviews.js';
import { reviewsQueryOptions } from '../features/reviews/api/get-reviews.js';
import { shopPageQueryOptions } from '../features/shop-pages/api/get-shop-page.js';
import { loadFirebaseAuth, restoreSession } from '../lib/auth.js';
import { brandQueryOptions } from '../lib/brand-query.js';
import { categoriesQueryOptions } from '../lib/categories-query.js';
import { partSuggestionsQueryOptions } from '../lib/part-suggestions-query.js';
import { shopPagesQueryOptions } from '../lib/shop-pages-query.js';

export interface ScreenLoaders {
  /**
   * What every page shows around its screen: the shop's brand, and the footer's links to the
   * owner's pages.
   */
  shell?: LoaderFunction;
  home?: LoaderFunction;
  parts?: LoaderFunction;
  /** A product page: the part and its reviews. */
  part?: LoaderFunction;
  reviews?: LoaderFunction;
  /** A page the owner wrote. */
  shopPage?: LoaderFunction;
  /** Sign-in screens: Firebase Auth starts loading with them. */
  auth?: LoaderFunction;
  /**
   * Screens that show the session (the cart, purchase, checkout, the dashboard) wait for Firebase
   * to restore it, so that they do not show their loading state first and then move (layout shift).
   */
  session?: LoaderFunction;
}

// A failure is not told by a loader: the screen asks again and tells it (lib/query-client.ts).
const silently = { meta: { errorToast: false } };

export function prefetchLoaders(queryClient: QueryClient): ScreenLoaders {
  return {
    shell: () => {
      void queryClient.prefetchQuery({ ...brandQueryOptions(), ...silently });
      void queryClient.prefetchQuery({ ...shopPagesQueryOptions(), ...silently });
      void queryClient.prefetchQuery({ ...categoriesQueryOptions(), ...silently });
      return null;
    },
    home: () => {
      void queryClient.prefetchQuery({ ...partsQueryOptions(), ...silently });
      void queryClient.prefetchQuery({ ...reviewsQueryOptions(), ...silently });
      return null;
    },
    parts: ({ request }) => {
      void categoriesOf(queryClient, silently).then((categories) => {
        const query = catalogueQuery(request, categories);
        void queryClient.prefetchQuery({ ...cataloguePageQueryOptions(query), ...silently });
        void queryClient.prefetchQuery({ ...catalogueFacetsQueryOptions(query), ...silently });
      });
      return null;
    },
    part: ({ params }) => {
      const id = params.id ?? '';
      void queryClient.prefetchQuery({ ...partQueryOptions(id), ...silently });
      void queryClient.prefetchQuery({ ...partReviewsQueryOptions(id), ...silently });
      void queryClient.prefetchQuery({ ...relatedPartsQueryOptions(id), ...silently });
      return null;
    },
    reviews: () => {
      void queryClient.prefetchQuery({ ...reviewsQueryOptions(), ...silently });
      return null;
    },
    shopPage: ({ params }) => {
      void queryClient.prefetchQuery({ ...shopPageQueryOptions(params.slug ?? ''), ...silently });
      return null;
    },
    auth: () => {
      void loadFirebaseAuth();
      return null;
    },
    session: async () => {
      // If Firebase cannot load, the screen shows its own loading state and then the guard's.
      await restoreSession().catch(() => undefined);
      return null;
    },
  };
}

/**
 * The loaders of a page rendered on the server (web/src/entry-server.tsx, docs/decisions/040):
 * they wait for the public screens' data, so the page is painted with it. Nobody is signed in
 * there, so the screens that need Firebase have none. When a query fails the browser renders the
 * page instead (entry-server.tsx) and asks again; a part that is not there is the 404 page.
 */
export function serverLoaders(queryClient: QueryClient): ScreenLoaders {
  // The first failure decides: the browser renders the page and asks again.
  const once = { ...silently, retry: false };
  const settle = async (...queries: Promise<void>[]) => {
    await Promise.all(queries);
    return null;
  };
  // A query the page does without: a failure leaves no error for the page to answer with.
  const optionally = async (queryKey: QueryKey, prefetch: () => Promise<void>) => {
    await prefetch();
    if (queryClient.getQueryState(queryKey)?.status === 'error')
      queryClient.removeQueries({ queryKey, exact: true });
  };
  // A search that found nothing is painted with its Did you mean (docs/decisions/095), if the
  // suggestions answer; without them it is painted all the same.
  const didYouMean = async (query: CatalogueQuery) => {
    const page = queryClient.getQueryData(cataloguePageQueryOptions(query).queryKey);
    if (!query.q || page?.total !== 0) return;
    const options = partSuggestionsQueryOptions(query.q);
    await optionally(options.queryKey, () => queryClient.prefetchQuery({ ...options, ...once }));
  };
  return {
    // The shop's name, logo and colour are the page's (docs/decisions/104), and so are the
    // categories' names and order (108); the footer's links are not: painted without them if
    // they fail, asked again after.
    shell: () =>
      settle(
        queryClient.prefetchQuery({ ...brandQueryOptions(), ...once }),
        queryClient.prefetchQuery({ ...categoriesQueryOptions(), ...once }),
        optionally(shopPagesQueryOptions().queryKey, () =>
          queryClient.prefetchQuery({ ...shopPagesQueryOptions(), ...once }),
        ),
      ),
    home: () =>
      settle(
        queryClient.prefetchQuery({ ...partsQueryOptions(), ...once }),
        queryClient.prefetchQuery({ ...reviewsQueryOptions(), ...once }),
      ),
    parts: async ({ request }) => {
      const query = catalogueQuery(request, await categoriesOf(queryClient, once));
      return settle(
        queryClient
          .prefetchQuery({ ...cataloguePageQueryOptions(query), ...once })
          .then(() => didYouMean(query)),
        // The counts beside the filters, and their options that give none disabled, are in the
        // page as painted (docs/decisions/089). They are not the page: if they fail it is painted
        // without them, and the browser asks again.
        optionally(catalogueFacetsQueryOptions(query).queryKey, () =>
          queryClient.prefetchQuery({ ...catalogueFacetsQueryOptions(query), ...once }),
        ),
      );
    },
    // The related parts sit above the reviews: painted with the page, or the reviews would move
    // down when they came (layout shift, docs/decisions/112); without them if they fail.
    part: ({ params }) =>
      settle(
        queryClient.prefetchQuery({ ...partQueryOptions(params.id ?? ''), ...once }),
        queryClient.prefetchQuery({ ...partReviewsQueryOptions(params.id ?? ''), ...once }),
        optionally(relatedPartsQueryOptions(params.id ?? '').queryKey, () =>
          queryClient.prefetchQuery({ ...relatedPartsQueryOptions(params.id ?? ''), ...once }),
        ),
      ),
    reviews: () => settle(queryClient.prefetchQuery({ ...reviewsQueryOptions(), ...once })),
    // A page that is not there (or a draft) is the 404 page, as a part that is not there.
    shopPage: ({ params }) =>
      settle(queryClient.prefetchQuery({ ...shopPageQueryOptions(params.slug ?? ''), ...once })),
  };
}

const catalogueQuery = (request: Request, categories: readonly Category[]) =>
  catalogueQueryFromSearch(new URL(request.url).searchParams, categories);

/**
 * The shown categories, as kept or asked for now (none when they cannot be had): an All Parts
 * address's query is read with them (decision 108), as the screen reads it.
 */
const categoriesOf = (queryClient: QueryClient, options: { meta: object; retry?: boolean }) =>
  queryClient.fetchQuery({ ...categoriesQueryOptions(), ...options }).catch((): Category[] => []);
