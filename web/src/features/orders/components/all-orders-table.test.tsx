import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@sprocket/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDeadline } from '../../../lib/format-time.js';
import { buildOrder } from '../../../testing/data.js';
import { renderRoutes, renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { AllOrdersTable, ManageAllOrders } from './all-orders-table.js';

const orders: Order[] = [
  buildOrder({ _id: 'o1', email: 'ana@example.com' }),
  buildOrder({
    _id: 'o2',
    partName: 'Halden Cork Bar Tape',
    email: 'ben@example.com',
    paid: true,
    status: 'paid',
    transactionId: 'pi_sim_2',
  }),
  buildOrder({
    _id: 'o3',
    partName: 'Perch Contour Saddle',
    email: 'cy@example.com',
    paid: true,
    status: 'processing',
    transactionId: 'pi_sim_3',
    deliveredText: 'processing',
  }),
];

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch((call) => ({
    body:
      call.method === 'DELETE'
        ? { acknowledged: true, deletedCount: 1 }
        : { acknowledged: true, modifiedCount: 1 },
  }));
});

const rowOf = (email: string) => {
  const row = screen.getByText(email).closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
};

describe('AllOrdersTable', () => {
  it('shows Not Paid, Paid or Processing with the actions each state allows', () => {
    renderScreen(<AllOrdersTable orders={orders} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Order Date',
      'User Email',
      'Parts Name',
      'Ordered Quantity',
      'Total',
      'Status',
      'Actions',
    ]);

    const unpaid = rowOf('ana@example.com');
    expect(unpaid.getByText('Not Paid')).toBeInTheDocument();
    expect(unpaid.getByRole('button', { name: /Delete Order/ })).toBeInTheDocument();
    expect(unpaid.queryByRole('button', { name: /Deliver Order/ })).not.toBeInTheDocument();

    const paid = rowOf('ben@example.com');
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(paid.getByRole('button', { name: /Deliver Order/ })).toBeInTheDocument();
    expect(paid.queryByRole('button', { name: /Delete Order/ })).not.toBeInTheDocument();

    expect(paid.getByRole('button', { name: /Refund/ })).toBeInTheDocument();
    // Shipping a paid order is one step; Deliver Order stays for shops that process first.
    expect(paid.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Deliver Order',
      'Ship',
      'Refund',
    ]);

    const processing = rowOf('cy@example.com');
    expect(processing.getByText('Processing')).toBeInTheDocument();
    expect(processing.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Ship',
      'Refund',
    ]);

    // Every row links to the order's details and timeline.
    expect(processing.getByRole('link', { name: /Details/ })).toHaveAttribute(
      'href',
      '/dashboard/orders/o3',
    );
  });

  it('offers Mark delivered for a shipped order, and nothing for a delivered or refunded one', () => {
    renderScreen(
      <AllOrdersTable
        orders={[
          buildOrder({ _id: 's1', email: 'sam@example.com', status: 'shipped', paid: true }),
          buildOrder({ _id: 'd1', email: 'dee@example.com', status: 'delivered', paid: true }),
          buildOrder({ _id: 'r1', email: 'rae@example.com', status: 'refunded', paid: true }),
        ]}
      />,
    );
    const shipped = rowOf('sam@example.com');
    expect(shipped.getByText('Shipped')).toBeInTheDocument();
    expect(shipped.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Mark delivered',
    ]);
    expect(rowOf('dee@example.com').getByText('Delivered')).toBeInTheDocument();
    expect(rowOf('dee@example.com').queryByRole('button')).not.toBeInTheDocument();
    expect(rowOf('rae@example.com').getByText('Refunded')).toBeInTheDocument();
    expect(rowOf('rae@example.com').queryByRole('button')).not.toBeInTheDocument();
  });

  it('ships an order in processing with a carrier and a tracking number', async () => {
    const { user } = renderScreen(<AllOrdersTable orders={orders} />);
    await user.click(rowOf('cy@example.com').getByRole('button', { name: /Ship/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship Perch Contour Saddle' });
    const ship = within(dialog).getByRole('button', { name: 'Ship' });
    expect(ship).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/Carrier/), 'DHL');
    await user.type(within(dialog).getByLabelText(/Tracking number/), 'JD0146 0000 3828 4750 93');
    await waitFor(() => expect(ship).toBeEnabled());
    await user.click(ship);

    expect(await screen.findByText('Shipped Perch Contour Saddle Order')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        url: '/api/ordered/o3/ship',
        method: 'POST',
        body: { carrier: 'DHL', trackingNumber: 'JD0146 0000 3828 4750 93' },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('ships a paid order in one step, the carrier picked from the list', async () => {
    const { user } = renderScreen(<AllOrdersTable orders={orders} />);
    await user.click(rowOf('ben@example.com').getByRole('button', { name: /^Ship/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Carrier/ }));
    await user.click(await screen.findByRole('option', { name: 'Royal Mail' }));
    await user.type(within(dialog).getByLabelText(/Tracking number/), 'RM 123 456 789 GB');
    const ship = within(dialog).getByRole('button', { name: 'Ship' });
    await waitFor(() => expect(ship).toBeEnabled());
    await user.click(ship);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        expect.objectContaining({
          url: '/api/ordered/o2/ship',
          method: 'POST',
          body: { carrier: 'Royal Mail', trackingNumber: 'RM 123 456 789 GB' },
        }),
      ]),
    );
  });

  it("refuses a number that is not the carrier's format, naming it, before anything is sent", async () => {
    const { user } = renderScreen(<AllOrdersTable orders={orders} />);
    await user.click(rowOf('ben@example.com').getByRole('button', { name: /^Ship/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Carrier/), 'UPS');
    const number = within(dialog).getByLabelText(/Tracking number/);
    expect(
      within(dialog).getByText(
        '1Z and 16 letters or digits, such as 1Z999AA10123456784; the customer gets a Track parcel link',
      ),
    ).toBeInTheDocument();
    await user.type(number, '1Z12');
    expect(
      await within(dialog).findByText(
        'A UPS tracking number is 1Z and 16 letters or digits, such as 1Z999AA10123456784',
      ),
    ).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Ship' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("offers the shop's own carriers beside the common ones", async () => {
    calls = stubFetch((call) => ({
      body: call.url.endsWith('/admin/tracking-carriers')
        ? { carriers: [{ name: 'GLS', urlTemplate: 'https://gls-group.com/track/{number}' }] }
        : { acknowledged: true, modifiedCount: 1 },
    }));
    const { user } = renderScreen(<AllOrdersTable orders={orders} />);
    await user.click(rowOf('ben@example.com').getByRole('button', { name: /^Ship/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Carrier/ }));
    await screen.findByRole('option', { name: 'GLS' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'UPS',
      'USPS',
      'FedEx',
      'DHL',
      'Royal Mail',
      'DPD',
      'GLS',
    ]);
    await user.click(screen.getByRole('option', { name: 'GLS' }));
    expect(
      within(dialog).getByText(
        'The customer gets a Track parcel link to your tracking address for it',
      ),
    ).toBeInTheDocument();
  });

  it('refunds after asking, keeping the stock off the shelf when the admin says so', async () => {
    const { user } = renderScreen(<AllOrdersTable orders={orders} />);
    await user.click(rowOf('ben@example.com').getByRole('button', { name: /Refund/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $31.80?' });
    expect(dialog).toHaveTextContent('goes back to ben@example.com');
    const restock = within(dialog).getByRole('checkbox', { name: 'Return the stock to the shelf' });
    expect(restock).toBeChecked();
    await user.click(restock);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Refunded $31.80 to ben@example.com')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/ordered/o2/refund',
        method: 'POST',
        body: { restock: false },
      }),
    ]);
  });

  it('counts an order with a transaction id as paid (docs/product.md §4.1), but delivers only what the server confirmed paid', () => {
    renderScreen(
      <AllOrdersTable
        orders={[buildOrder({ transactionId: 'pi_sim_9', email: 'di@example.com' })]}
      />,
    );
    const row = rowOf('di@example.com');
    expect(row.getByText('Paid')).toBeInTheDocument();
    // The server delivers only an order in the paid state; a paid order is never deleted.
    expect(row.queryByRole('button', { name: /Deliver Order/ })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Delete Order/ })).not.toBeInTheDocument();
  });

  it('says until when an unpaid order holds its stock', () => {
    const expiresAt = new Date(Date.now() + 20 * 60_000).toISOString();
    renderScreen(<AllOrdersTable orders={[buildOrder({ email: 'ed@example.com', expiresAt })]} />);
    const row = rowOf('ed@example.com');
    expect(row.getByText('Not Paid')).toBeInTheDocument();
    expect(
      row.getByText(`Held until ${formatDeadline(expiresAt, new Date())}`),
    ).toBeInTheDocument();
    expect(row.getByRole('button', { name: /Delete Order/ })).toBeInTheDocument();
  });

  it('shows a cancelled order as Cancelled, not paid in time, with nothing to do', () => {
    renderScreen(
      <AllOrdersTable
        orders={[
          buildOrder({
            email: 'fay@example.com',
            status: 'cancelled',
            cancelReason: 'expired',
            cancelledAt: '2026-01-01T00:30:00.000Z',
            expiresAt: '2026-01-01T00:30:00.000Z',
          }),
          buildOrder({
            _id: 'o-late',
            email: 'gus@example.com',
            expiresAt: new Date(Date.now() - 60_000).toISOString(),
          }),
        ]}
      />,
    );
    for (const email of ['fay@example.com', 'gus@example.com']) {
      const row = rowOf(email);
      expect(row.getByText('Cancelled')).toBeInTheDocument();
      expect(row.getByText('not paid in time')).toBeInTheDocument();
      expect(row.queryByText('Not Paid')).not.toBeInTheDocument();
      expect(row.queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('delivers a paid order', async () => {
    const { user } = renderScreen(<AllOrdersTable orders={orders} />);
    await user.click(rowOf('ben@example.com').getByRole('button', { name: /Deliver Order/ }));

    expect(await screen.findByText('Deliver processing, Successfully')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/ordered/o2',
        method: 'PUT',
        body: { delivertext: true },
      }),
    ]);
  });

  it('asks "Wanted to delete {name}" and deletes the unpaid order once confirmed', async () => {
    const { user } = renderScreen(<AllOrdersTable orders={orders} />);
    await user.click(rowOf('ana@example.com').getByRole('button', { name: /Delete Order/ }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Wanted to delete Velotrack CX12 Chain',
    });
    expect(dialog).toHaveTextContent('The unpaid order of ana@example.com is cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Order' }));

    expect(await screen.findByText('Deleted Velotrack CX12 Chain Order')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ url: '/api/ordered/o1', method: 'DELETE' })]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

// Each case waits for several requests and re-renders, which a busy machine slows down.
describe('ManageAllOrders', () => {
  /** A page of 25 orders out of 32 for every GET; the test reads what was asked. */
  beforeEach(() => {
    calls = stubFetch((call) => ({
      body: orders,
      headers: { 'X-Total-Count': '32' },
      status: call.method === 'GET' ? 200 : 405,
    }));
  });
  const listCalls = () => calls.filter((call) => call.url.startsWith('/api/ordered'));
  const lastUrl = () => listCalls().at(-1)?.url;
  const setup = (path = '/') =>
    renderRoutes([{ path: '/', element: <ManageAllOrders /> }], { path });

  it('asks for the newest first, one page at a time, and shows the order date, the total and the count', async () => {
    setup();
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
    // It opens on what is left to ship (issue 36 item 7).
    expect(lastUrl()).toBe('/api/ordered?status=to-ship&sort=-createdAt&page=1&pageSize=25');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('To ship');
    expect(rowOf('ana@example.com').getByText('$31.80')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 32')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Order Date' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('starts from the query in the URL, and ignores values the API would refuse', async () => {
    setup('/?status=paid&sort=-totalPrice&page=2&q=chain&pageSize=7');
    await screen.findByText('ana@example.com');
    expect(lastUrl()).toBe('/api/ordered?q=chain&status=paid&sort=-totalPrice&page=2&pageSize=25');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('chain');
    expect(screen.getByText('26–32 of 32')).toBeInTheDocument();
  });

  it('sorts by a clicked header, ascending then descending, back on page 1', async () => {
    const { user, router } = setup('/?page=2');
    await screen.findByText('ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() =>
      expect(lastUrl()).toBe('/api/ordered?status=to-ship&sort=totalPrice&page=1&pageSize=25'),
    );
    expect(router.state.location.search).toBe('?sort=totalPrice');
    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() =>
      expect(lastUrl()).toBe('/api/ordered?status=to-ship&sort=-totalPrice&page=1&pageSize=25'),
    );
  });

  it('searches once typing pauses, and keeps the search in the URL', async () => {
    const { router } = setup();
    await screen.findByText('ana@example.com');

    // Typed with no pause between letters, however busy the machine: a pause longer than the
    // debounce is one the search rightly answers (a loaded CI machine made one, run 21).
    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('searchbox', { name: 'Search orders' }), 'ben@');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ben%40'));
    await waitFor(() =>
      expect(lastUrl()).toBe(
        '/api/ordered?q=ben%40&status=to-ship&sort=-createdAt&page=1&pageSize=25',
      ),
    );
    // One request for the word, none for each letter typed.
    expect(listCalls().filter((call) => call.url.includes('q='))).toHaveLength(1);
  });

  it('filters by status and turns pages, numbering the rows across pages', async () => {
    const { user, router } = setup();
    await screen.findByText('ana@example.com');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Processing' }));
    await waitFor(() =>
      expect(lastUrl()).toBe('/api/ordered?status=processing&sort=-createdAt&page=1&pageSize=25'),
    );

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=processing&page=2'));
    expect(lastUrl()).toBe('/api/ordered?status=processing&sort=-createdAt&page=2&pageSize=25');
    await waitFor(() => expect(rowOf('ana@example.com').getByText('26')).toBeInTheDocument());
  });

  it('filters by the days placed and the customer, kept in the URL, and exports that selection', async () => {
    const { user, router } = setup('/?from=2026-03-01&to=2026-03-31&status=paid');
    await screen.findByText('ana@example.com');
    expect(lastUrl()).toBe(
      '/api/ordered?status=paid&sort=-createdAt&page=1&pageSize=25&from=2026-03-01&to=2026-03-31',
    );
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');

    const customer = screen.getByRole('textbox', { name: 'Customer email' });
    await user.type(customer, 'ben@example.com{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?from=2026-03-01&to=2026-03-31&status=paid&customer=ben%40example.com',
      ),
    );
    await waitFor(() =>
      expect(lastUrl()).toBe(
        '/api/ordered?status=paid&sort=-createdAt&page=1&pageSize=25&from=2026-03-01&to=2026-03-31&email=ben%40example.com',
      ),
    );

    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledOnce());
    await waitFor(() =>
      expect(calls.find((call) => call.url.startsWith('/api/admin/'))?.url).toBe(
        '/api/admin/orders.csv?email=ben%40example.com&status=paid&from=2026-03-01&to=2026-03-31',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=paid'));
  });

  it('leads back from a page past the last one (its rows deleted) to the one before', async () => {
    calls = stubFetch((call) => ({
      body: call.url.includes('page=3') ? [] : orders,
      headers: { 'X-Total-Count': '50' },
    }));
    const { user } = setup('/?page=3');
    expect(await screen.findByText('No orders match.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitFor(() =>
      expect(lastUrl()).toBe('/api/ordered?status=to-ship&sort=-createdAt&page=2&pageSize=25'),
    );
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
  });

  it('opens on "To ship", and lists every order once "All statuses" is picked, kept in the URL', async () => {
    const { user, router } = setup();
    await screen.findByText('ana@example.com');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = await screen.findAllByRole('option');
    expect(options.slice(0, 3).map((option) => option.textContent)).toEqual([
      'All statuses',
      'To ship',
      'Not Paid',
    ]);
    await user.click(screen.getByRole('option', { name: 'All statuses' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=all'));
    await waitFor(() => expect(lastUrl()).toBe('/api/ordered?sort=-createdAt&page=1&pageSize=25'));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'To ship' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
