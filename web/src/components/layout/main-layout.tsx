import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import { accentHover } from '@sprocket/contract';
import type { CSSProperties, ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { HydrateWhenSeen } from '../../lib/hydrate-when-seen.js';
import { HydrationSection } from '../../lib/hydration-section.js';
import { DashboardSidebarProvider } from './dashboard-sidebar.js';
import { Footer } from './footer.js';
import { Navbar } from './navbar.js';

const MAIN_CONTENT_ID = 'main-content';

/** The first thing a keyboard reaches: jumps over the navigation, seen only while focused. */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Box>
  );
}

/**
 * Navigation bar, the current screen, footer; a thin bar while the next screen's code loads.
 * `navbarActions` are what the app adds to the bar (the cart button, from a feature).
 */
export function MainLayout({ navbarActions }: { navbarActions?: ReactNode }) {
  const navigation = useNavigation();
  const accent = useTheme().palette.secondary;
  // The owner's accent for what is drawn with static CSS (docs/decisions/116).
  const accentVariables = {
    '--accent-main': accent.main,
    '--accent-hover': accentHover(accent.main),
    '--accent-light': accent.light,
    '--accent-contrast': accent.contrastText,
  } as CSSProperties;
  return (
    <DashboardSidebarProvider>
      <Box
        sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}
        style={accentVariables}
      >
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
        <SkipLink />
        <Navbar actions={navbarActions} />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, display: 'flex', flexDirection: 'column', '&:focus': { outline: 'none' } }}
        >
          <HydrationSection>
            <Outlet />
          </HydrationSection>
        </Box>
        {/* Hydrated once it is near the viewport or used (docs/decisions/119). */}
        <HydrateWhenSeen name="footer" className="site-footer-place">
          <Footer />
        </HydrateWhenSeen>
      </Box>
      <ScrollRestoration />
    </DashboardSidebarProvider>
  );
}
