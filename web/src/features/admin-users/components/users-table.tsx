import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { User } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { DataTable, type DataColumn } from '../../../components/data/data-table.js';
import { ConfirmDialog, useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useDemoteUser, usePromoteUser } from '../api/set-admin-role.js';

/** A change of rights waiting for the admin's yes. */
interface RoleChange {
  email: string;
  makeAdmin: boolean;
}

function Question({ change, self }: { change: RoleChange; self: boolean }) {
  if (change.makeAdmin)
    return <>They will be able to manage every order, product and user of the shop.</>;
  if (self)
    return (
      <>
        This is your own account: you lose the admin screens at once and are signed out. Another
        admin can give the rights back.
      </>
    );
  return <>They keep their account and orders, but can no longer manage the shop.</>;
}

/**
 * All Users (docs/product.md §2.16, §4.6): index, email, and "Admin" or a Make Admin button. Giving
 * and taking admin rights each ask first; an admin row also offers Remove Admin.
 */
export function UsersTable({
  users,
  signedInEmail,
}: {
  users: User[];
  /** The admin looking at the table, whose own Remove Admin warns that it signs them out. */
  signedInEmail: string | null;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const promote = usePromoteUser();
  const demote = useDemoteUser();
  const confirm = useConfirmTarget<RoleChange>();
  const change = confirm.target;

  const makeAdmin = (email: string) =>
    promote.mutate(email, {
      // docs/product.md §8.1: the answer is read at result.modifiedCount (0: already an admin).
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
      // The answer is final either way, and the toast carries it.
      onSettled: confirm.close,
    });

  const removeAdmin = (email: string) =>
    demote.mutate(email, {
      onSuccess: ({ result }) => {
        if (result.modifiedCount > 0)
          enqueueSnackbar(`Admin Removed ${email}`, { variant: 'success' });
      },
      // A refusal (the last admin) is shown as a toast with the API's message.
      onSettled: confirm.close,
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
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Chip
              color="primary"
              icon={<AdminPanelSettingsOutlinedIcon />}
              label="Admin"
              size="small"
            />
            <Button
              size="small"
              variant="outlined"
              color="error"
              startIcon={<PersonRemoveOutlinedIcon />}
              onClick={() => confirm.ask({ email: user.email, makeAdmin: false })}
              aria-label={`Remove Admin: ${user.email}`}
            >
              Remove Admin
            </Button>
          </Stack>
        ) : (
          <Button
            size="small"
            variant="contained"
            color="secondary"
            onClick={() => confirm.ask({ email: user.email, makeAdmin: true })}
            aria-label={`Make Admin: ${user.email}`}
          >
            Make Admin
          </Button>
        ),
      phone: 'plain',
    },
  ];

  return (
    <>
      <DataTable
        label="All users"
        rows={users}
        rowKey={(user) => user._id}
        columns={columns}
        empty="No users have signed in yet."
      />
      <ConfirmDialog
        open={confirm.open}
        title={
          change?.makeAdmin === false
            ? `Remove admin rights from ${change.email}?`
            : `Make ${change?.email ?? ''} an admin?`
        }
        confirmLabel={change?.makeAdmin === false ? 'Remove Admin' : 'Make Admin'}
        confirmColor={change?.makeAdmin === false ? 'error' : 'primary'}
        busy={promote.isPending || demote.isPending}
        onConfirm={() => {
          if (!change) return;
          if (change.makeAdmin) makeAdmin(change.email);
          else removeAdmin(change.email);
        }}
        onClose={confirm.close}
      >
        {change && (
          <Question
            change={change}
            self={change.email.toLowerCase() === signedInEmail?.toLowerCase()}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
