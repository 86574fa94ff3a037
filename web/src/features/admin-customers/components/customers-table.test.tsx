import { screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch, type FetchCall } from '../../../testing/render.js';
import { ManageCustomers } from './customers-table.js';

const customers: Customer[] = [
  {
    email: 'ann@example.com',
    name: 'Ann Archer',
    orders: 2,
    totalSpent: 8000,
    lastOrderAt: '2026-03-04T10:00:00.000Z',
  },
  {
    email: 'ben@example.com',
    name: 'Ben Brakes',
    orders: 1,
    totalSpent: 9900,
    lastOrderAt: '2026-02-01T10:00:00.000Z',
  },
];

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch(() => ({ body: customers, headers: { 'X-Total-Count': '2' } }));
});
const lastUrl = () =>
  calls.filter((call) => call.url.startsWith('/api/admin/customers')).at(-1)?.url;
const rowOf = (email: string) => {
  const row = screen.getByText(email).closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
};
const setup = (path = '/') =>
  renderRoutes(
    [
      { path: '/', element: <ManageCustomers /> },
      { path: '/dashboard/orders', element: <p>All Orders</p> },
    ],
    { path },
  );

describe('ManageCustomers', () => {
  it('shows each customer’s orders, total spent and last order, latest first', async () => {
    setup();
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(lastUrl()).toBe('/api/admin/customers?sort=-lastOrderAt&page=1&pageSize=25');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Name',
      'Email',
      'Orders',
      'Total spent',
      'Last order',
      'Their orders',
    ]);
    const ann = rowOf('ann@example.com');
    expect(ann.getByText('Ann Archer')).toBeInTheDocument();
    expect(ann.getByText('$80.00')).toBeInTheDocument();
    expect(ann.getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Last order' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('searches by name or email and sorts by a clicked header', async () => {
    const { user } = setup();
    await screen.findByText('ann@example.com');
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'archer');
    await waitFor(() =>
      expect(lastUrl()).toBe('/api/admin/customers?q=archer&sort=-lastOrderAt&page=1&pageSize=25'),
    );
    await user.click(screen.getByRole('button', { name: 'Total spent' }));
    await waitFor(() =>
      expect(lastUrl()).toBe('/api/admin/customers?q=archer&sort=totalSpent&page=1&pageSize=25'),
    );
  });

  it('opens a customer’s orders on All Orders in one tap', async () => {
    const { user, router } = setup();
    await screen.findByText('ben@example.com');
    const link = rowOf('ben@example.com').getByRole('link', { name: 'Orders of ben@example.com' });
    expect(link).toHaveAttribute('href', '/dashboard/orders?customer=ben%40example.com');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/orders'));
    expect(router.state.location.search).toBe('?customer=ben%40example.com');
  });
});
