import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { User } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { DataTable, type DataColumn } from '../../../components/data/data-table.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/query-client.js';
import { usePromoteUser } from '../api/promote-user.js';

/** All Users (spec §2, §4): index, email, and "Admin" or a Make Admin button. */
export function UsersTable({ users }: { users: User[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const promote = usePromoteUser();

  const makeAdmin = (email: string) =>
    promote.mutate(email, {
      // Spec §7: the answer is read at result.modifiedCount (0: already an admin).
      onSuccess: ({ result }) => {
        if (result.modifiedCount > 0)
          enqueueSnackbar(`Admin Added ${email}`, { variant: 'success' });
      },
      onError: (error) =>
        enqueueSnackbar(
          error instanceof ApiError && error.status === 403
            ? 'Failed to make an admin'
            : errorMessage(error),
          { variant: 'error' },
        ),
    });

  const columns: DataColumn<User>[] = [
    { id: 'index', header: '#', cell: (_user, index) => index + 1, phone: 'title' },
    {
      id: 'email',
      header: 'Email',
      cell: (user) => <Box sx={{ overflowWrap: 'anywhere' }}>{user.email}</Box>,
      phone: 'title',
    },
    {
      id: 'action',
      header: 'Action',
      cell: (user) =>
        user.role === 'admin' ? (
          <Chip
            color="primary"
            icon={<AdminPanelSettingsOutlinedIcon />}
            label="Admin"
            size="small"
          />
        ) : (
          <Button
            size="small"
            variant="contained"
            color="secondary"
            loading={promote.isPending && promote.variables === user.email}
            onClick={() => makeAdmin(user.email)}
            aria-label={`Make Admin: ${user.email}`}
          >
            Make Admin
          </Button>
        ),
      phone: 'plain',
    },
  ];

  return (
    <DataTable
      label="All users"
      rows={users}
      rowKey={(user) => user._id}
      columns={columns}
      empty="No users have signed in yet."
    />
  );
}
