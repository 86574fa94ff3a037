import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { DashboardSidebarProvider } from './dashboard-sidebar.js';
import { Footer } from './footer.js';
import { Navbar } from './navbar.js';

/**
 * Navigation bar, the current screen, footer; a thin bar while the next screen's code loads.
 * `navbarActions` are what the app adds to the bar (the cart button, from a feature).
 */
export function MainLayout({ navbarActions }: { navbarActions?: ReactNode }) {
  const navigation = useNavigation();
  return (
    <DashboardSidebarProvider>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        {navigation.state === 'loading' && (
          <LinearProgress
            color="secondary"
            aria-label="Loading page"
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              right: 0,
              zIndex: (t) => t.zIndex.appBar + 1,
            }}
          />
        )}
        <Navbar actions={navbarActions} />
        <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
      <ScrollRestoration />
    </DashboardSidebarProvider>
  );
}
