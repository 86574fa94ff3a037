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
import {
  DataTable,
  type DataColumn,
  type TablePages,
  type TableSort,
} from '../../../components/data/data-table.js';
import { ServerList } from '../../../components/data/server-list.js';
import { useListParams } from '../../../components/data/use-list-params.js';
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

/**
 * All Users (docs/product.md §2.16, §4.6): index, email, and "Admin" or a Make Admin button. Giving
 * and taking admin rights each ask first; an admin row also offers Remove Admin.
 */
export function UsersTable({
  users,
  signedInEmail,
  sort,
  pages,
  narrowed = false,
}: {
  users: User[];
  /** The admin looking at the table, whose own Remove Admin warns that it signs them out. */
  signedInEmail: string | null;
  sort?: TableSort;
  pages?: TablePages;
  /** Whether a search, filter or later page narrowed the rows (it words the empty table). */
  narrowed?: boolean;
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

  const firstIndex = pages ? (pages.page - 1) * pages.pageSize : 0;
  const columns: DataColumn<User>[] = [
    { id: 'index', header: '#', cell: (_user, index) => firstIndex + index + 1, phone: 'title' },
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
          <Typography variant="body2" color="text.secondary">
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
    <>
      <DataTable
        label="All users"
        rows={users}
        rowKey={(user) => user._id}
        columns={columns}
        empty={narrowed ? 'No users match.' : 'No users have signed in yet.'}
        sort={sort}
        pages={pages}
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

const NEWEST_FIRST = [{ value: '-createdAt', label: 'Newest first' }];
const USER_SORTS = USER_SORT_COLUMNS.flatMap((column) => [column, `-${column}` as const]);
const ROLE_OPTIONS = [
  { value: 'admin', label: 'Admins' },
  { value: 'customer', label: 'Customers' },
] as const satisfies readonly { value: (typeof USER_ROLES)[number]; label: string }[];

/**
 * Make Admin's list: search by email, role filter, sort and pages, kept in the URL and asked of
 * GET /users; the newest accounts first unless the Email header says otherwise.
 */
export function ManageUsers({ signedInEmail }: { signedInEmail: string | null }) {
  const list = useListParams({
    filterName: 'role',
    filters: USER_ROLES,
    sorts: USER_SORTS,
    defaultSort: '-createdAt',
  });
  const users = useUsers(list.query);
  return (
    <ServerList
      list={list}
      searchLabel="Search by email"
      filter={{ label: 'Role', allLabel: 'Everyone', options: ROLE_OPTIONS }}
      page={users}
      loadingLabel="Loading the users"
    >
      {(items, view) => (
        <UsersTable
          users={items}
          signedInEmail={signedInEmail}
          {...view}
          sort={{ ...view.sort, others: NEWEST_FIRST }}
        />
      )}
    </ServerList>
  );
}
