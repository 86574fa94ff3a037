import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { useBrand } from '../lib/brand-query.js';
import { themeOfAccent } from '../lib/theme.js';
import { useMediaMatch } from '../lib/use-client-store.js';

/** The theme in the shop's accent colour (docs/decisions/104), the default one until it is known. */
function BrandTheme({ children }: { children: ReactNode }) {
  const accent = useBrand()?.accent;
  return <ThemeProvider theme={themeOfAccent(accent || undefined)}>{children}</ThemeProvider>;
}

/**
 * What the screens rely on: theme, toasts (docs/product.md §9: top right, 5 s; at the bottom on
 * phones, where the top right is the navigation bar's menu), data. Auth needs no provider (lib/auth.tsx).
 * On a page the server rendered, the baseline's global styles came with it and stay as they are:
 * hydrating a `<CssBaseline>` would move their element, a style recalculation of the whole page
 * (app/emotion-in-place.ts). They depend on no setting the browser learns later.
 */
export function AppProvider({
  queryClient,
  baselineFromServer = false,
  children,
}: {
  queryClient: QueryClient;
  baselineFromServer?: boolean;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandTheme>
        {!baselineFromServer && <CssBaseline />}
        <Toasts>{children}</Toasts>
      </BrandTheme>
    </QueryClientProvider>
  );
}

/**
 * The toasts' place. Whether this is a phone is known once the page is hydrated: read here, only
 * the toasts' provider renders again then, not the providers above it (docs/decisions/117).
 */
function Toasts({ children }: { children: ReactNode }) {
  const phone = useMediaMatch(useTheme().breakpoints.down('sm'));
  return (
    <SnackbarProvider
      anchorOrigin={
        phone
          ? { vertical: 'bottom', horizontal: 'center' }
          : { vertical: 'top', horizontal: 'right' }
      }
      autoHideDuration={5000}
      maxSnack={4}
    >
      {children}
    </SnackbarProvider>
  );
}
