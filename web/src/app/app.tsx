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
 * The style cache is the shop's (lib/emotion-cache.ts); a page from the server hands in one that
 * owns its styles already (app/emotion-in-place.ts), with their baseline.
 */
export function App({
  queryClient,
  router,
  emotionCache,
  fromServer,
}: {
  queryClient: QueryClient;
  router: AppRouter;
  emotionCache: EmotionCache;
  fromServer: boolean;
}) {
  // After the first commit, a page the server rendered is React's: what mounts from now on is live.
  useEffect(finishHydrating, []);
  const app = (
    <AppProvider queryClient={queryClient} baselineFromServer={fromServer}>
      <PageStateMarkers />
      <RouterProvider router={router} />
    </AppProvider>
  );
  return <CacheProvider value={emotionCache}>{app}</CacheProvider>;
}

function PageStateMarkers() {
  useHydratedMarker();
  useFetchingMarker();
  return null;
}
