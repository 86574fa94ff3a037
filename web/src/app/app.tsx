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
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  // After the first commit, a page the server rendered is React's: what mounts from now on is live.
  useEffect(finishHydrating, []);
  return (
    <AppProvider queryClient={queryClient}>
      <PageStateMarkers />
      <RouterProvider router={router} />
    </AppProvider>
  );
}

function PageStateMarkers() {
  useHydratedMarker();
  useFetchingMarker();
  return null;
}
