/**
 * Placeholder dashboard layout: guarded, with the side menu driven by the navbar's toggle. The
 * dashboard helper replaces the menu with the per-role one (spec §2 Dashboard menu).
 */
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, Outlet } from 'react-router';
import { useDashboardSidebar } from '../../../components/layout/dashboard-sidebar.js';
import { paths } from '../../../config/paths.js';
import { RequireAuth } from '../../../features/auth/components/require-auth.js';

const WIDTH = 248;

function Menu({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <List component="nav" aria-label="Dashboard" sx={{ p: 1.5 }}>
      <ListItemButton
        component={NavLink}
        to={paths.dashboard.root.getHref()}
        end
        onClick={onNavigate}
      >
        <ListItemIcon>
          <AccountCircleOutlinedIcon />
        </ListItemIcon>
        <ListItemText primary="My Profile" />
      </ListItemButton>
    </List>
  );
}

export default function DashboardLayoutRoute() {
  const sidebar = useDashboardSidebar();
  return (
    <RequireAuth>
      <Box sx={{ display: 'flex', flex: 1 }}>
        <Drawer
          variant="temporary"
          open={sidebar.open}
          onClose={sidebar.close}
          sx={{ display: { lg: 'none' }, '& .MuiDrawer-paper': { width: WIDTH } }}
        >
          <Menu onNavigate={sidebar.close} />
        </Drawer>
        <Box
          component="aside"
          sx={{
            display: { xs: 'none', lg: 'block' },
            width: WIDTH,
            flexShrink: 0,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Menu />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
          <Outlet />
        </Box>
      </Box>
    </RequireAuth>
  );
}
