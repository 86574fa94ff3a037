import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider.js';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The shop in the browser. One query client serves the screens and the route loaders that start
 * their data (app/prefetch.ts); main.tsx makes both, for a page rendered here or on the server.
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
