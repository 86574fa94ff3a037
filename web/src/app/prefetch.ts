/**
 * Route loaders that start a screen's data (or Firebase Auth) while its code loads, so that the
 * two arrive side by side instead of one after the other (docs/decisions/032). They never wait:
 * each screen shows its own loading and error states, as it does without them.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { cataloguePageQueryOptions, partsQueryOptions } from '../features/parts/api/get-parts.js';
import { catalogueQueryFromSearch } from '../features/parts/hooks/use-catalogue-query.js';
import { reviewsQueryOptions } from '../features/reviews/api/get-reviews.js';
import { loadFirebaseAuth, restoreSession } from '../lib/auth.js';

export interface ScreenLoaders {
  home?: LoaderFunction;
  parts?: LoaderFunction;
  reviews?: LoaderFunction;
  /** Sign-in screens: Firebase Auth starts loading with them. */
  auth?: LoaderFunction;
  /**
   * Screens that show the session (the cart, purchase, checkout, the dashboard) wait for Firebase
   * to restore it, so that they do not show their loading state first and then move (layout shift).
   */
  session?: LoaderFunction;
}

export function prefetchLoaders(queryClient: QueryClient): ScreenLoaders {
  // A failure is not told here: the screen asks again and tells it (lib/query-client.ts).
  const silently = { meta: { errorToast: false } };
  return {
    home: () => {
      void queryClient.prefetchQuery({ ...partsQueryOptions(), ...silently });
      void queryClient.prefetchQuery({ ...reviewsQueryOptions(), ...silently });
      return null;
    },
    parts: ({ request }) => {
      const query = catalogueQueryFromSearch(new URL(request.url).searchParams);
      void queryClient.prefetchQuery({ ...cataloguePageQueryOptions(query), ...silently });
      return null;
    },
    reviews: () => {
      void queryClient.prefetchQuery({ ...reviewsQueryOptions(), ...silently });
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
