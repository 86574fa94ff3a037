import Alert from '@mui/material/Alert';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useUsers } from '../../../features/admin-users/api/get-users.js';
import { UsersTable } from '../../../features/admin-users/components/users-table.js';
import { errorMessage } from '../../../lib/query-client.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function MakeAdminRoute() {
  usePageTitle('Make Admin');
  const users = useUsers();
  return (
    <>
      <DashboardHeading title="All Users">
        Everyone who has signed in. An admin can manage orders, products and users.
      </DashboardHeading>
      {users.isPending ? (
        <FullScreenSpinner label="Loading the users" />
      ) : users.isError ? (
        <Alert severity="error">{errorMessage(users.error)}</Alert>
      ) : (
        <UsersTable users={users.data} />
      )}
    </>
  );
}
