import Alert from '@mui/material/Alert';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useUsers } from '../../../features/admin-users/api/get-users.js';
import { UsersTable } from '../../../features/admin-users/components/users-table.js';
import { useSession } from '../../../lib/auth.js';
import { errorMessage } from '../../../lib/query-client.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function MakeAdminRoute() {
  usePageTitle('Make Admin');
  const users = useUsers();
  const { user } = useSession();
  return (
    <>
      <DashboardHeading title="All Users">
        Everyone who has signed in. An admin can manage orders, products and users; the shop always
        keeps at least one.
      </DashboardHeading>
      {users.isPending ? (
        <FullScreenSpinner label="Loading the users" />
      ) : users.isError ? (
        <Alert severity="error">{errorMessage(users.error)}</Alert>
      ) : (
        <UsersTable users={users.data} signedInEmail={user?.email ?? null} />
      )}
    </>
  );
}
