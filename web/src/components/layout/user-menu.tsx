import type { Theme } from '@mui/material/styles';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router';
import { KeyboardArrowDownIcon } from '../icons/keyboard-arrow-down.js';
import { paths } from '../../config/paths.js';
import type { User } from '../../lib/auth.js';

/** What the bar calls the user: the display name, else the email address. */
export const userLabel = (user: Pick<User, 'displayName' | 'email'>) =>
  user.displayName?.trim() || user.email || 'Your account';

/** Up to two letters: the first of the name's first and last words, else of the email. */
export function userInitials(user: Pick<User, 'displayName' | 'email'>): string {
  const words = (user.displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 0
      ? [words[0], words.length > 1 ? words.at(-1) : undefined].map((word) => word?.[0] ?? '')
      : [user.email?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

function UserAvatar({ user }: { user: User }) {
  return (
    // Decorative: the name or email beside it says who this is.
    <Avatar
      aria-hidden
      src={user.photoURL ?? undefined}
      alt=""
      sx={{
        width: 32,
        height: 32,
        fontSize: '0.875rem',
        fontWeight: 700,
        // The secondary orange with its dark text: well above 4.5:1.
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
      }}
    >
      {userInitials(user)}
    </Avatar>
  );
}

/** docs/product.md §2.2: who is signed in, with Dashboard, My Orders and Log Out (wide screens). */
export function UserMenu({ user, onLogOut }: { user: User; onLogOut: () => Promise<void> }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = userLabel(user);

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<KeyboardArrowDownIcon />}
        sx={{ ml: 1, minHeight: 44, textTransform: 'none', gap: 1 }}
      >
        <UserAvatar user={user} />
        <Box
          component="span"
          sx={{
            // Room for the links beside it on narrow desktops.
            maxWidth: { md: 110, lg: 200 },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {label}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {user.displayName && user.email && (
          <Typography
            variant="body2"
            color="textSecondary"
            sx={{ px: 2, py: 1, overflowWrap: 'anywhere', maxWidth: 280 }}
          >
            Signed in as {user.email}
          </Typography>
        )}
        {user.displayName && user.email && <Divider />}
        <MenuItem component={RouterLink} to={paths.dashboard.root.getHref()} onClick={close}>
          Dashboard
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.dashboard.myOrders.getHref()} onClick={close}>
          My Orders
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void onLogOut();
          }}
        >
          Log Out
        </MenuItem>
      </Menu>
    </>
  );
}

const phoneLinkSx = {
  minHeight: 44,
  color: 'inherit',
  opacity: 0.85,
  borderRadius: 2,
  justifyContent: 'flex-start',
  '&:hover': { opacity: 1, bgcolor: 'rgba(255,255,255,0.08)' },
  '&.active': {
    opacity: 1,
    boxShadow: (t: Theme) => `inset 0 -3px 0 ${t.palette.secondary.light}`,
  },
} as const;

/**
 * The same on phones, inside the folding menu: who is signed in, My Orders and Log Out (Dashboard
 * is one of the menu's links already).
 */
export function UserMenuItems({
  user,
  onNavigate,
  onLogOut,
}: {
  user: User;
  onNavigate: () => void;
  onLogOut: () => Promise<void>;
}) {
  return (
    <>
      <Button
        component={NavLink}
        to={paths.dashboard.myOrders.getHref()}
        onClick={onNavigate}
        sx={phoneLinkSx}
      >
        My Orders
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pt: 1.5, px: 1 }}>
        <UserAvatar user={user} />
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {userLabel(user)}
        </Typography>
        <Button
          color="secondary"
          variant="contained"
          onClick={() => void onLogOut()}
          sx={{ minHeight: 44 }}
        >
          Log Out
        </Button>
      </Box>
    </>
  );
}
