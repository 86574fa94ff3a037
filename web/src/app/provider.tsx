import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState, type ReactNode } from 'react';
import { AuthProviders } from '../lib/auth.js';
import { createQueryClient } from '../lib/query-client.js';
import { theme } from '../lib/theme.js';

/** What the screens rely on: theme, toasts (docs/product.md §9: top right, 5 s), data, auth. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={5000}
        maxSnack={4}
      >
        <QueryClientProvider client={queryClient}>
          <AuthProviders>{children}</AuthProviders>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
