import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { ManageUsers } from '../../../features/admin-users/components/users-table.js';
import { useSession } from '../../../lib/auth.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function MakeAdminRoute() {
  usePageTitle('Make Admin');
  const { user } = useSession();
  return (
    <>
      <DashboardHeading title="All Users">
        Everyone who has signed in. An admin can manage orders, products and users; the shop always
        keeps at least one.
      </DashboardHeading>
      <ManageUsers signedInEmail={user?.email ?? null} />
    </>
  );
}
