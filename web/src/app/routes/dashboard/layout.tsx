/**
 * The dashboard (docs/product.md §2.9): a side menu per role beside the current screen. The menu is
 * always shown on large screens; on smaller ones it is a drawer opened by the navbar's toggle.
 */
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { AccountCircleOutlinedIcon } from '../../../components/icons/account-circle-outlined.js';
import { AddBoxOutlinedIcon } from '../../../components/icons/add-box-outlined.js';
import { AdminPanelSettingsOutlinedIcon } from '../../../components/icons/admin-panel-settings-outlined.js';
import { ArticleOutlinedIcon } from '../../../components/icons/article-outlined.js';
import { AssignmentReturnOutlinedIcon } from '../../../components/icons/assignment-return-outlined.js';
import { LocalShippingOutlinedIcon } from '../../../components/icons/local-shipping-outlined.js';
import { LocalOfferOutlinedIcon } from '../../../components/icons/local-offer-outlined.js';
import { EditOutlinedIcon } from '../../../components/icons/edit-outlined.js';
import { ForumOutlinedIcon } from '../../../components/icons/forum-outlined.js';
import { GroupOutlinedIcon } from '../../../components/icons/group-outlined.js';
import { HistoryIcon } from '../../../components/icons/history.js';
import { Inventory2OutlinedIcon } from '../../../components/icons/inventory2-outlined.js';
import { ListAltOutlinedIcon } from '../../../components/icons/list-alt-outlined.js';
import { CategoryOutlinedIcon } from '../../../components/icons/category-outlined.js';
import { MailOutlinedIcon } from '../../../components/icons/mail-outlined.js';
import { RateReviewOutlinedIcon } from '../../../components/icons/rate-review-outlined.js';
import { ShoppingBagOutlinedIcon } from '../../../components/icons/shopping-bag-outlined.js';
import { ShowChartIcon } from '../../../components/icons/show-chart.js';
import { TuneIcon } from '../../../components/icons/tune.js';
import { useDashboardSidebar } from '../../../components/layout/dashboard-sidebar.js';
import { paths } from '../../../config/paths.js';
import { useAdminStatus } from '../../../features/auth/api/get-admin-status.js';
import { RequireAuth } from '../../../features/auth/components/require-auth.js';
import { VerifyEmailNotice } from '../../../features/auth/components/verify-email-notice.js';
import { useSession } from '../../../lib/auth.js';

const WIDTH = 272;

interface MenuItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Another address that shows this item's screen (the dashboard's index). */
  alsoAt?: string;
}

const profileItem: MenuItem = {
  label: 'My Profile',
  to: paths.dashboard.root.getHref(),
  icon: <AccountCircleOutlinedIcon />,
};
const customerItems: MenuItem[] = [
  { label: 'My Orders', to: paths.dashboard.myOrders.getHref(), icon: <ShoppingBagOutlinedIcon /> },
  {
    label: 'Add Reviews',
    to: paths.dashboard.myReview.getHref(),
    icon: <RateReviewOutlinedIcon />,
  },
];
/**
 * First in the admin's menu, and what an admin's dashboard opens on (its index shows it, issue 36
 * item 7); an admin's My Profile has an address of its own.
 */
const overviewItem: MenuItem = {
  label: 'Overview',
  to: paths.dashboard.overview.getHref(),
  icon: <ShowChartIcon />,
  alsoAt: paths.dashboard.root.path,
};
const adminProfileItem: MenuItem = { ...profileItem, to: paths.dashboard.profile.getHref() };

const adminItems: MenuItem[] = [
  {
    label: 'Manage All Orders',
    to: paths.dashboard.orders.getHref(),
    icon: <ListAltOutlinedIcon />,
  },
  {
    label: 'Returns',
    to: paths.dashboard.returns.getHref(),
    icon: <AssignmentReturnOutlinedIcon />,
  },
  { label: 'Customers', to: paths.dashboard.customers.getHref(), icon: <GroupOutlinedIcon /> },
  { label: 'Add Product', to: paths.dashboard.addProducts.getHref(), icon: <AddBoxOutlinedIcon /> },
  {
    label: 'Make Admin',
    to: paths.dashboard.users.getHref(),
    icon: <AdminPanelSettingsOutlinedIcon />,
  },
  {
    label: 'Manage Products',
    to: paths.dashboard.manageProducts.getHref(),
    icon: <Inventory2OutlinedIcon />,
  },
  {
    label: 'Categories',
    to: paths.dashboard.categories.getHref(),
    icon: <CategoryOutlinedIcon />,
  },
  {
    label: 'Shipping and Tax',
    to: paths.dashboard.shippingTax.getHref(),
    icon: <LocalShippingOutlinedIcon />,
  },
  {
    label: 'Discount Codes',
    to: paths.dashboard.discounts.getHref(),
    icon: <LocalOfferOutlinedIcon />,
  },
  { label: 'Pages', to: paths.dashboard.pages.getHref(), icon: <ArticleOutlinedIcon /> },
  { label: 'Brand', to: paths.dashboard.brand.getHref(), icon: <TuneIcon /> },
  { label: 'Messages', to: paths.dashboard.messages.getHref(), icon: <ForumOutlinedIcon /> },
  { label: 'Mailbox', to: paths.dashboard.mailbox.getHref(), icon: <MailOutlinedIcon /> },
  {
    label: 'Mail templates',
    to: paths.dashboard.mailTemplates.getHref(),
    icon: <EditOutlinedIcon />,
  },
  { label: 'Audit log', to: paths.dashboard.auditLog.getHref(), icon: <HistoryIcon /> },
];

const itemSx = {
  borderRadius: 2,
  mb: 0.5,
  color: 'text.secondary',
  '& .MuiListItemIcon-root': { minWidth: 40, color: 'inherit' },
  '&.active, &.Mui-selected': {
    bgcolor: 'rgba(14, 74, 82, 0.09)',
    color: 'primary.main',
    '& .MuiListItemText-primary': { fontWeight: 700 },
  },
} as const;

/**
 * docs/product.md §2.9: everyone sees My Profile; customers their orders and reviews; admins
 * the shop.
 */
function Menu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const status = useAdminStatus(user?.email);
  const items = status.isPending
    ? null
    : status.data?.admin
      ? [overviewItem, adminProfileItem, ...adminItems]
      : [profileItem, ...customerItems];
  return (
    <List
      component="nav"
      aria-label="Dashboard"
      sx={{ p: 1.5 }}
      subheader={
        <ListSubheader
          component="div"
          disableSticky
          sx={{ bgcolor: 'transparent', lineHeight: 2.5, fontWeight: 700, letterSpacing: '0.08em' }}
        >
          {status.data?.admin ? 'ADMIN DASHBOARD' : 'DASHBOARD'}
        </ListSubheader>
      }
    >
      {items
        ? items.map((item) => (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              end
              selected={item.alsoAt === pathname}
              onClick={onNavigate}
              sx={itemSx}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))
        : [0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={44} sx={{ mb: 0.75, borderRadius: 2 }} />
          ))}
    </List>
  );
}

export default function DashboardLayoutRoute() {
  const sidebar = useDashboardSidebar();
  return (
    <RequireAuth>
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
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
          <Box sx={{ position: 'sticky', top: 68 }}>
            <Menu />
          </Box>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 5 }, py: { xs: 3, md: 5 } }}>
          <VerifyEmailNotice />
          <Outlet />
        </Box>
      </Box>
    </RequireAuth>
  );
}
