import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
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
    // Plain elements with static CSS (components/layout/navbar-styles.ts, docs/decisions/122).
    <header className="app-bar">
      <div className="app-bar-inner">
        <div className="app-bar-toolbar">
          {isDashboardPath(pathname) && (
            <button
              type="button"
              className="app-bar-icon edge-start until-lg"
              aria-label="Toggle dashboard menu"
              aria-expanded={sidebar.open}
              onClick={sidebar.toggle}
            >
              <ViewSidebarIcon />
            </button>
          )}
          <RouterLink
            to={paths.root.getHref()}
            // Named "Home" until the shop's name has arrived (a page the browser renders).
            aria-label={brand ? undefined : 'Home'}
            className={showSearch ? 'app-bar-brand beside-search' : 'app-bar-brand'}
          >
            <BrandMark brand={brand} size={32} />
            <span className="app-bar-name">{brand?.name}</span>
          </RouterLink>
          {showSearch && (
            <div className="app-bar-search">
              <HeaderSearch layout="bar" />
            </div>
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
            <div className="app-bar-user">
              <UserMenu user={session.user} onLogOut={handleLogOut} />
            </div>
          )}
          {showSearch && (
            <PanelToggle
              label={search.open ? 'Close search' : 'Open search'}
              control={search.controlProps}
              onToggle={() => {
                search.setOpen((open) => !open);
                closeMenu();
              }}
              className="app-bar-icon until-lg"
            >
              {search.open ? <CloseIcon /> : <SearchIcon />}
            </PanelToggle>
          )}
          {actions}
          <PanelToggle
            label={menu.open ? 'Close menu' : 'Open menu'}
            control={menu.controlProps}
            onToggle={() => {
              menu.setOpen((open) => !open);
              search.setOpen(false);
            }}
            className="app-bar-icon edge-end until-md"
          >
            {menu.open ? <CloseIcon /> : <MenuIcon />}
          </PanelToggle>
        </div>
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
      </div>
    </header>
  );
}

/**
 * One of the bar's round buttons that opens a panel: until the page is hydrated, a link to the
 * panel (lib/use-disclosure.ts); then a button that runs `onToggle`.
 */
function PanelToggle({
  label,
  control,
  onToggle,
  className,
  children,
}: {
  label: string;
  control: ReturnType<typeof useDisclosure>['controlProps'];
  onToggle: () => void;
  className: string;
  children: ReactNode;
}) {
  if ('href' in control) {
    return (
      <a href={control.href} aria-label={label} className={className}>
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      aria-label={label}
      aria-expanded={control['aria-expanded']}
      aria-controls={control['aria-controls']}
      onClick={onToggle}
      className={className}
    >
      {children}
    </button>
  );
}
