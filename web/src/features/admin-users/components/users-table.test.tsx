import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { UsersTable } from './users-table.js';

const users = [
  { _id: 'u1', email: 'admin@sprocket.test', role: 'admin' as const },
  { _id: 'u2', email: 'customer@sprocket.test' },
];

let calls: FetchCall[];
let answer: { status?: number; body?: unknown };
beforeEach(() => {
  answer = { body: { result: { acknowledged: true, modifiedCount: 1 } } };
  calls = stubFetch(() => answer);
});

const rowOf = (email: string) => {
  const row = screen.getByText(email).closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
};

describe('UsersTable', () => {
  it('shows "Admin" for an admin and a Make Admin button for everyone else', () => {
    renderScreen(<UsersTable users={users} />);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Email', 'Action']);

    const admin = rowOf('admin@sprocket.test');
    expect(admin.getByText('1')).toBeInTheDocument();
    expect(admin.getByText('Admin')).toBeInTheDocument();
    expect(admin.queryByRole('button')).not.toBeInTheDocument();

    const customer = rowOf('customer@sprocket.test');
    expect(customer.getByText('2')).toBeInTheDocument();
    expect(customer.getByRole('button', { name: /Make Admin/ })).toBeInTheDocument();
    expect(customer.queryByText('Admin')).not.toBeInTheDocument();
  });

  it('promotes a user and says so', async () => {
    const { user } = renderScreen(<UsersTable users={users} />);
    await user.click(screen.getByRole('button', { name: 'Make Admin: customer@sprocket.test' }));

    expect(await screen.findByText('Admin Added customer@sprocket.test')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/user/admin/customer%40sprocket.test',
      method: 'PUT',
    });
  });

  it('says "Failed to make an admin" when the server refuses', async () => {
    answer = { status: 403, body: { error: { code: 'forbidden', message: 'Admins only' } } };
    const { user } = renderScreen(<UsersTable users={users} />);
    await user.click(screen.getByRole('button', { name: 'Make Admin: customer@sprocket.test' }));

    expect(await screen.findByText('Failed to make an admin')).toBeInTheDocument();
    expect(screen.queryByText('Admins only')).not.toBeInTheDocument();
    expect(screen.queryByText(/Admin Added/)).not.toBeInTheDocument();
  });
});
