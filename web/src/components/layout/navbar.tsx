import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import { CloseIcon } from '../icons/close.js';
import { MenuIcon } from '../icons/menu.js';
import { SearchIcon } from '../icons/search.js';
import { ViewSidebarIcon } from '../icons/view-sidebar.js';
import { isDashboardPath, paths } from '../../config/paths.js';
import { useAuthActions, useSession } from '../../lib/auth.js';
import { useBrand } from '../../lib/brand-query.js';
import { useDisclosure } from '../../lib/use-disclosure.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { useDashboardSidebar } from './dashboard-sidebar.js';
import { HeaderSearch } from './header-search.js';
import { BrandMark } from './brand-mark.js';
import { UserMenu, UserMenuItems } from './user-menu.js';

interface NavItem {
  label: string;
  to: string;
}

/** `actions`: controls the app adds at the right end of the bar at every width (the cart). */
export function Navbar({ actions }: { actions?: ReactNode }) {
  const hydrated = useHydrated();
  const session = useSession();
  const brand = useBrand();
  const { logOut } = useAuthActions();
  const { pathname } = useLocation();
  const sidebar = useDashboardSidebar();
  // Before the page is hydrated, the two toggles are links to their panels (lib/use-disclosure).
  const menu = useDisclosure('main-menu-small');
  const search = useDisclosure('header-search-row');
  const signedIn = session.status === 'signedIn';
  // The Login button is drawn while the session is unknown too (as the server renders the page),
  // hidden: a visitor who turns out signed out sees it where it was, and its styles come with the
  // page rather than being made in the browser (docs/decisions/112).
  const loginStyle = session.status === 'loading' ? ({ visibility: 'hidden' } as const) : undefined;
  // Every public page but All Parts, which has its own search box; the dashboard has none. Wide
  // screens show the box in the bar; narrower ones, where the links leave no room, a button that
  // opens it in a row below.
  const showSearch = !isDashboardPath(pathname) && pathname !== paths.parts.path;

  const items: NavItem[] = [
    { label: 'Home', to: paths.home.getHref() },
    { label: 'Parts', to: paths.parts.getHref() },
    { label: 'Reviews', to: paths.reviews.getHref() },
    { label: 'Blogs', to: paths.blogs.getHref() },
    ...(signedIn ? [{ label: 'Dashboard', to: paths.dashboard.root.getHref() }] : []),
  ];

  const closeMenu = () => menu.setOpen(false);
  const handleLogOut = async () => {
    closeMenu();
    await logOut();
  };

  const login = (
    <Button
      color="secondary"
      variant="contained"
      component={RouterLink}
      to={paths.login.getHref()}
      onClick={closeMenu}
    >
      Login
    </Button>
  );

  return (
    <AppBar position="sticky" color="primary" component="header">
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 60, md: 68 } }}>
          {isDashboardPath(pathname) && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Toggle dashboard menu"
              aria-expanded={sidebar.open}
              onClick={sidebar.toggle}
              sx={{ display: { lg: 'none' } }}
            >
              <ViewSidebarIcon />
            </IconButton>
          )}
          <Box
            component={RouterLink}
            to={paths.root.getHref()}
            // Named "Home" until the shop's name has arrived (a page the browser renders).
            aria-label={brand ? undefined : 'Home'}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              mr: showSearch ? { xs: 'auto', lg: 2 } : 'auto',
              minHeight: 44,
              // A long name gives way to the buttons, cut with an ellipsis (docs/decisions/104).
              minWidth: 0,
            }}
          >
            <BrandMark brand={brand} size={32} />
            <Typography
              variant="h6"
              component="span"
              noWrap
              sx={{ fontWeight: 800, letterSpacing: '0.02em', minWidth: 0 }}
            >
              {brand?.name}
            </Typography>
          </Box>
          {showSearch && (
            <Box sx={{ display: { xs: 'none', lg: 'block' }, mr: 'auto' }}>
              <HeaderSearch layout="bar" />
            </Box>
          )}
          <nav aria-label="Main" className="nav-row">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} className="nav-link">
                {item.label}
              </NavLink>
            ))}
            {!signedIn && (
              <div className="nav-login" style={loginStyle}>
                {login}
              </div>
            )}
          </nav>
          {signedIn && (
            <Box sx={{ display: { xs: 'none', md: 'block' } }}>
              <UserMenu user={session.user} onLogOut={handleLogOut} />
            </Box>
          )}
          {showSearch && (
            <IconButton
              color="inherit"
              aria-label={search.open ? 'Close search' : 'Open search'}
              {...search.controlProps}
              {...(hydrated && {
                onClick: () => {
                  search.setOpen((open) => !open);
                  closeMenu();
                },
              })}
              sx={{ display: { lg: 'none' } }}
            >
              {search.open ? <CloseIcon /> : <SearchIcon />}
            </IconButton>
          )}
          {actions}
          <IconButton
            color="inherit"
            edge="end"
            aria-label={menu.open ? 'Close menu' : 'Open menu'}
            {...menu.controlProps}
            {...(hydrated && {
              onClick: () => {
                menu.setOpen((open) => !open);
                search.setOpen(false);
              },
            })}
            sx={{ display: { md: 'none' } }}
          >
            {menu.open ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
        {showSearch && (
          <Collapse in={search.open} {...search.panelProps} sx={{ display: { lg: 'none' } }}>
            <Box sx={{ pb: 1.5 }}>
              <HeaderSearch
                layout="row"
                autoFocus={hydrated}
                onSearch={() => search.setOpen(false)}
              />
            </Box>
          </Collapse>
        )}
        <Collapse in={menu.open} {...menu.panelProps} sx={{ display: { md: 'none' } }}>
          <nav aria-label="Main" className="nav-column">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} onClick={closeMenu} className="nav-link">
                {item.label}
              </NavLink>
            ))}
            {!signedIn && (
              <div className="nav-login" style={loginStyle}>
                {login}
              </div>
            )}
            {signedIn && (
              <UserMenuItems user={session.user} onNavigate={closeMenu} onLogOut={handleLogOut} />
            )}
          </nav>
        </Collapse>
      </Container>
    </AppBar>
  );
}
