import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState, type ReactNode } from 'react';
import { AuthProviders } from '../lib/auth.js';
import { createQueryClient } from '../lib/query-client.js';
import { theme } from '../lib/theme.js';

/**
 * What the screens rely on: theme, toasts (docs/product.md §9: top right, 5 s; at the bottom on
 * phones, where the top right is the navigation bar's menu), data, auth.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        anchorOrigin={
          phone
            ? { vertical: 'bottom', horizontal: 'center' }
            : { vertical: 'top', horizontal: 'right' }
        }
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
