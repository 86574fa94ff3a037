import { lazy, Suspense } from 'react';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { useAdminStatus } from '../../../features/auth/api/get-admin-status.js';
import { useSession } from '../../../lib/auth.js';
import MyProfileRoute from './profile.js';

// Only an admin downloads the Overview and its charts.
const OverviewRoute = lazy(() => import('./overview.js'));

/**
 * The dashboard's index (issue 36 item 7): an admin opens on the Overview, how the shop is doing;
 * a customer on My Profile, as the original shop did (docs/product.md §2.9). An admin's My
 * Profile is at /dashboard/profile. The admin status is the one the menu reads.
 */
export default function DashboardIndexRoute() {
  const { user } = useSession();
  const status = useAdminStatus(user?.email);
  if (user?.email && status.isPending) return <FullScreenSpinner />;
  if (!status.data?.admin) return <MyProfileRoute />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <OverviewRoute />
    </Suspense>
  );
}
