import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.js';
import { AppProvider } from './provider.js';
import { createAppRouter } from './router.js';

export function App() {
  // One client for the screens and for the route loaders that start their data (app/prefetch.ts).
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
