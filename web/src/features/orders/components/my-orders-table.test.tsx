import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDeadline } from '../../../lib/format-time.js';
import { buildOrder } from '../../../testing/data.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { MyOrdersTable } from './my-orders-table.js';

const orders: Order[] = [
  buildOrder({ _id: 'o1' }),
  buildOrder({
    _id: 'o2',
    partName: 'Halden Cork Bar Tape',
    paid: true,
    status: 'paid',
    transactionId: 'pi_sim_2',
  }),
  buildOrder({
    _id: 'o3',
    partName: 'Perch Contour Saddle',
    paid: true,
    status: 'processing',
    transactionId: 'pi_sim_3',
    deliveredText: 'processing',
  }),
];

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch(() => ({ body: { acknowledged: true, deletedCount: 1 } }));
});

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe('MyOrdersTable', () => {
  it('offers Pay and Delete Order while unpaid, then shows the transaction id', () => {
    renderScreen(<MyOrdersTable orders={orders} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Name',
      'Price',
      'Quantity',
      'Process',
    ]);

    const unpaid = rowOf('Velotrack CX12 Chain');
    expect(unpaid.getByText('$31.80')).toBeInTheDocument();
    expect(unpaid.getByRole('link', { name: /Pay/ })).toHaveAttribute(
      'href',
      '/dashboard/payment/o1',
    );
    expect(unpaid.getByRole('button', { name: /Delete Order/ })).toBeInTheDocument();

    const paid = rowOf('Halden Cork Bar Tape');
    expect(paid.getByText('pi_sim_2')).toBeInTheDocument();
    expect(paid.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(paid.queryByRole('button')).not.toBeInTheDocument();

    expect(rowOf('Perch Contour Saddle').getByText('Processing')).toBeInTheDocument();
  });

  it('asks "Wanted to delete {name}" and deletes the order once confirmed', async () => {
    const { user } = renderScreen(<MyOrdersTable orders={orders} />);
    await user.click(rowOf('Velotrack CX12 Chain').getByRole('button', { name: /Delete Order/ }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Wanted to delete Velotrack CX12 Chain',
    });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Order' }));

    expect(await screen.findByText('Deleted Velotrack CX12 Chain Order')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ url: '/api/ordered/o1', method: 'DELETE' })]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says until when an unpaid order is held', () => {
    const expiresAt = new Date(Date.now() + 20 * 60_000).toISOString();
    renderScreen(<MyOrdersTable orders={[buildOrder({ expiresAt })]} />);
    const row = rowOf('Velotrack CX12 Chain');
    expect(row.getByText(`Pay by ${formatDeadline(expiresAt, new Date())}`)).toBeInTheDocument();
    expect(row.getByRole('link', { name: /Pay/ })).toBeInTheDocument();
  });

  it('shows a cancelled order as Cancelled, not paid in time, with neither Pay nor Delete', () => {
    renderScreen(
      <MyOrdersTable
        orders={[
          buildOrder({
            status: 'cancelled',
            cancelReason: 'expired',
            cancelledAt: '2026-01-01T00:30:00.000Z',
            expiresAt: '2026-01-01T00:30:00.000Z',
          }),
        ]}
      />,
    );
    const row = rowOf('Velotrack CX12 Chain');
    expect(row.getByText('Cancelled')).toBeInTheDocument();
    expect(row.getByText('not paid in time')).toBeInTheDocument();
    expect(row.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
    expect(row.queryByText(/Pay by/)).not.toBeInTheDocument();
  });

  it('reads an order whose hold ran out as not paid in time before the server says so', () => {
    const expiresAt = new Date(Date.now() - 60_000).toISOString();
    renderScreen(<MyOrdersTable orders={[buildOrder({ expiresAt })]} />);
    const row = rowOf('Velotrack CX12 Chain');
    expect(row.getByText('Cancelled')).toBeInTheDocument();
    expect(row.getByText('not paid in time')).toBeInTheDocument();
    expect(row.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
  });

  it('deletes nothing when the question is cancelled', async () => {
    const { user } = renderScreen(<MyOrdersTable orders={orders} />);
    await user.click(rowOf('Velotrack CX12 Chain').getByRole('button', { name: /Delete Order/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
  });
});
