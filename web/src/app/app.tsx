import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { useFetchingMarker, useHydratedMarker } from '../lib/page-state.js';
import { finishHydrating } from '../lib/use-hydrated.js';
import { AppProvider } from './provider.js';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The shop in the browser. One query client serves the screens and the route loaders that start
 * their data (app/prefetch.ts); main.tsx makes both, for a page rendered here or on the server.
 * A page from the server brings the style cache that owns its styles (app/emotion-in-place.ts).
 */
export function App({
  queryClient,
  router,
  emotionCache,
}: {
  queryClient: QueryClient;
  router: AppRouter;
  emotionCache?: EmotionCache;
}) {
  // After the first commit, a page the server rendered is React's: what mounts from now on is live.
  useEffect(finishHydrating, []);
  const app = (
    <AppProvider queryClient={queryClient} baselineFromServer={emotionCache !== undefined}>
      <PageStateMarkers />
      <RouterProvider router={router} />
    </AppProvider>
  );
  return emotionCache ? <CacheProvider value={emotionCache}>{app}</CacheProvider> : app;
}

function PageStateMarkers() {
  useHydratedMarker();
  useFetchingMarker();
  return null;
}
