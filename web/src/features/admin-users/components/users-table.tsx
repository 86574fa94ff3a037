import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { USER_ROLES, USER_SORT_COLUMNS, type User } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { AdminPanelSettingsOutlinedIcon } from '../../../components/icons/admin-panel-settings-outlined.js';
import { MarkEmailUnreadOutlinedIcon } from '../../../components/icons/mark-email-unread-outlined.js';
import { PersonRemoveOutlinedIcon } from '../../../components/icons/person-remove-outlined.js';
import { VerifiedIcon } from '../../../components/icons/verified.js';
import type { DataColumn } from '../../../components/data/data-table.js';
import {
  ListTable,
  type ListTableView,
  type ListTableWords,
} from '../../../components/data/list-table.js';
import { filterOptions } from '../../../components/data/list-toolbar.js';
import { ServerList } from '../../../components/data/server-list.js';
import { sortsOf } from '../../../components/data/use-list-params.js';
import { ConfirmDialog, useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useUsers } from '../api/get-users.js';
import { useDemoteUser, usePromoteUser } from '../api/set-admin-role.js';

/** Whether the address's owner opened the link sent to it (absent from an older API: nothing). */
function VerifiedStatus({ verified }: { verified: boolean | undefined }) {
  if (verified === undefined) return null;
  return verified ? (
    <Chip
      icon={<VerifiedIcon />}
      label="Verified"
      color="success"
      variant="outlined"
      size="small"
    />
  ) : (
    <Chip
      icon={<MarkEmailUnreadOutlinedIcon />}
      label="Not verified"
      color="warning"
      variant="outlined"
      size="small"
    />
  );
}

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

const TABLE_WORDS: ListTableWords = {
  label: 'All users',
  empty: 'No users have signed in yet.',
  emptyNarrowed: 'No users match.',
};

/**
 * All Users (docs/product.md §2.16, §4.6): index, email, and "Admin" or a Make Admin button. Giving
 * and taking admin rights each ask first; an admin row also offers Remove Admin.
 */
export function UsersTable({
  users,
  signedInEmail,
  ...view
}: {
  users: User[];
  /** The admin looking at the table, whose own Remove Admin warns that it signs them out. */
  signedInEmail: string | null;
} & ListTableView) {
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
    {
      id: 'email',
      header: 'Email',
      cell: (user) => (
        <Stack sx={{ alignItems: 'flex-start', gap: 0.5 }}>
          <Box sx={{ overflowWrap: 'anywhere' }}>{user.email}</Box>
          <VerifiedStatus verified={user.verified} />
        </Stack>
      ),
      phone: 'title',
      sortBy: 'email',
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
        ) : user.verified === false ? (
          // Anyone can sign up with any address; only its owner can open the link sent to it.
          <Typography variant="body2" color="textSecondary">
            Can be made an admin once the address is verified
          </Typography>
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
    <ListTable {...TABLE_WORDS} rows={users} columns={columns} view={view}>
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
    </ListTable>
  );
}

/**
 * Make Admin's list: search by email, role filter, sort and pages, kept in the URL and asked of
 * GET /users; the newest accounts first unless the Email header says otherwise.
 */
const USERS_LIST = {
  filterName: 'role',
  filters: USER_ROLES,
  sorts: sortsOf(USER_SORT_COLUMNS),
  defaultSort: '-createdAt',
  searchLabel: 'Search by email',
  filter: {
    label: 'Role',
    allLabel: 'Everyone',
    options: filterOptions(USER_ROLES, { admin: 'Admins', customer: 'Customers' }),
  },
  loadingLabel: 'Loading the users',
  otherSorts: [{ value: '-createdAt', label: 'Newest first' }],
} as const;

export const ManageUsers = ({ signedInEmail }: { signedInEmail: string | null }) => (
  <ServerList setup={USERS_LIST} usePage={useUsers}>
    {(items, view) => <UsersTable users={items} signedInEmail={signedInEmail} {...view} />}
  </ServerList>
);
