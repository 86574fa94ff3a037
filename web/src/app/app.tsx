import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider.js';
import { createAppRouter } from './router.js';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
