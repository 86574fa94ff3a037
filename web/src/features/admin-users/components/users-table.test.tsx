import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { ManageUsers, UsersTable } from './users-table.js';

const ME = 'admin@sprocket.test';
const users = [
  { _id: 'u1', email: ME, role: 'admin' as const },
  { _id: 'u2', email: 'customer@sprocket.test' },
  { _id: 'u3', email: 'mechanic@sprocket.test', role: 'admin' as const },
];

let calls: FetchCall[];
let answer: { status?: number; body?: unknown };
beforeEach(() => {
  answer = { body: { result: { acknowledged: true, modifiedCount: 1 } } };
  calls = stubFetch(() => answer);
});

const setup = () => renderScreen(<UsersTable users={users} signedInEmail={ME} />);

const rowOf = (email: string) => {
  const row = screen.getByText(email).closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
};

/** Only the PUTs: invalidated lists may be fetched again after a change. */
const roleChanges = () => calls.filter((call) => call.method === 'PUT');

describe('UsersTable', () => {
  it('shows "Admin" and Remove Admin for an admin, a Make Admin button for everyone else', () => {
    setup();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Email', 'Action']);

    const admin = rowOf('mechanic@sprocket.test');
    expect(admin.getByText('3')).toBeInTheDocument();
    expect(admin.getByText('Admin')).toBeInTheDocument();
    expect(
      admin.getByRole('button', { name: 'Remove Admin: mechanic@sprocket.test' }),
    ).toBeInTheDocument();
    expect(admin.queryByRole('button', { name: /Make Admin/ })).not.toBeInTheDocument();

    const customer = rowOf('customer@sprocket.test');
    expect(customer.getByText('2')).toBeInTheDocument();
    expect(customer.getByRole('button', { name: /Make Admin/ })).toBeInTheDocument();
    expect(customer.queryByText('Admin')).not.toBeInTheDocument();
    expect(customer.queryByRole('button', { name: /Remove Admin/ })).not.toBeInTheDocument();
  });

  it('shows whether each address is verified, and offers Make Admin only on a verified one', () => {
    renderScreen(
      <UsersTable
        users={[
          { _id: 'v', email: 'verified@sprocket.test', verified: true },
          { _id: 'n', email: 'squatter@sprocket.test', verified: false },
        ]}
        signedInEmail={ME}
      />,
    );
    const verified = rowOf('verified@sprocket.test');
    expect(verified.getByText('Verified')).toBeInTheDocument();
    expect(verified.getByRole('button', { name: /Make Admin/ })).toBeInTheDocument();
    const squatter = rowOf('squatter@sprocket.test');
    expect(squatter.getByText('Not verified')).toBeInTheDocument();
    expect(squatter.queryByRole('button', { name: /Make Admin/ })).not.toBeInTheDocument();
    expect(
      squatter.getByText('Can be made an admin once the address is verified'),
    ).toBeInTheDocument();
  });

  it('asks before promoting, and promotes nothing when the question is cancelled', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Make Admin: customer@sprocket.test' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Make customer@sprocket.test an admin?',
    });
    expect(dialog).toHaveTextContent('They will be able to manage every order, product and user');
    expect(calls).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
  });

  it('promotes a user once confirmed and says so', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Make Admin: customer@sprocket.test' }));
    const dialog = await screen.findByRole('dialog', { name: /an admin\?$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText('Admin Added customer@sprocket.test')).toBeInTheDocument();
    expect(roleChanges()).toEqual([
      expect.objectContaining({
        url: '/api/user/admin/customer%40sprocket.test',
        method: 'PUT',
        body: undefined,
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Failed to make an admin" when the server refuses', async () => {
    answer = { status: 403, body: { error: { code: 'forbidden', message: 'Admins only' } } };
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Make Admin: customer@sprocket.test' }));
    const dialog = await screen.findByRole('dialog', { name: /an admin\?$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText('Failed to make an admin')).toBeInTheDocument();
    expect(screen.queryByText('Admins only')).not.toBeInTheDocument();
    expect(screen.queryByText(/Admin Added/)).not.toBeInTheDocument();
  });

  it('asks before removing admin rights, then sends { admin: false } and says so', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Remove Admin: mechanic@sprocket.test' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Remove admin rights from mechanic@sprocket.test?',
    });
    expect(dialog).toHaveTextContent('They keep their account and orders');
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));

    expect(await screen.findByText('Admin Removed mechanic@sprocket.test')).toBeInTheDocument();
    expect(roleChanges()).toEqual([
      expect.objectContaining({
        url: '/api/user/admin/mechanic%40sprocket.test',
        method: 'PUT',
        body: { admin: false },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the API's reason when it refuses to remove the last admin", async () => {
    answer = {
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'The shop needs at least one admin; make someone else an admin first.',
        },
      },
    };
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: `Remove Admin: ${ME}` }));
    const dialog = await screen.findByRole('dialog', { name: `Remove admin rights from ${ME}?` });
    // The admin's own row says what happens to them.
    expect(dialog).toHaveTextContent('This is your own account: you lose the admin screens');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));

    expect(
      await screen.findByText(
        'The shop needs at least one admin; make someone else an admin first.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Admin Removed/)).not.toBeInTheDocument();
  });
});

// Each case waits for several requests and re-renders, which a busy machine slows down.
describe('ManageUsers', () => {
  beforeEach(() => {
    calls = stubFetch(() => ({ body: users, headers: { 'X-Total-Count': '3' } }));
  });
  const lastList = () => calls.filter((call) => call.url.startsWith('/api/users')).at(-1)?.url;
  const setupList = (path = '/') =>
    renderRoutes([{ path: '/', element: <ManageUsers signedInEmail={ME} /> }], { path });

  it('asks for the newest accounts first and filters by role from the URL and the picker', async () => {
    const { user, router } = setupList('/?role=admin');
    expect(await screen.findByText('customer@sprocket.test')).toBeInTheDocument();
    expect(lastList()).toBe('/api/users?role=admin&sort=-createdAt&page=1&pageSize=25');

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Customers' }));
    await waitFor(() => expect(router.state.location.search).toBe('?role=customer'));
    expect(lastList()).toBe('/api/users?role=customer&sort=-createdAt&page=1&pageSize=25');
  });

  it('searches by email and sorts by the Email header', async () => {
    const { user } = setupList();
    await screen.findByText('customer@sprocket.test');
    await user.type(screen.getByRole('searchbox', { name: 'Search by email' }), 'mech');
    await waitFor(() =>
      expect(lastList()).toBe('/api/users?q=mech&sort=-createdAt&page=1&pageSize=25'),
    );
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastList()).toBe('/api/users?q=mech&sort=email&page=1&pageSize=25'));
  });
});
