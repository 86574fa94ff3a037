import { act, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildBrand, buildOrder } from '../../../testing/data.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { OrderDetail } from './order-detail.js';

const lines: Order['lines'] = [
  {
    partId: 'chain',
    partName: 'Velotrack CX12 Chain',
    img: '/parts/chain.svg',
    price: 1590,
    quantity: 2,
    lineTotal: 3180,
  },
  {
    partId: 'tape',
    partName: 'Halden Cork Bar Tape',
    img: '/parts/tape.svg',
    price: 1200,
    quantity: 3,
    lineTotal: 3600,
  },
];

const shipped = buildOrder({
  _id: 'order-7',
  partName: 'Velotrack CX12 Chain and 1 more',
  orderQuantity: 5,
  price: 6780,
  totalPrice: 6780,
  lines,
  paid: true,
  status: 'shipped',
  transactionId: 'pi_sim_7',
  shipment: { carrier: 'DHL', trackingNumber: 'JD0002', shippedAt: '2026-01-02T09:00:00.000Z' },
  timeline: [
    { status: 'unpaid', at: '2026-01-01T10:00:00.000Z', actor: 'customer' },
    { status: 'paid', at: '2026-01-01T10:05:00.000Z', actor: 'gateway' },
    { status: 'processing', at: '2026-01-01T12:00:00.000Z', actor: 'admin' },
    { status: 'shipped', at: '2026-01-02T09:00:00.000Z', actor: 'admin', note: 'DHL JD0002' },
  ],
});

let answer: Order;
let calls: FetchCall[];
beforeEach(() => {
  answer = shipped;
  calls = stubFetch((call) =>
    call.method === 'GET' ? { body: answer } : { body: { acknowledged: true, modifiedCount: 1 } },
  );
});

describe('OrderDetail', () => {
  it('shows the order number, status, every line with its total, the shipment and the timeline', async () => {
    const { queryClient } = renderScreen(<OrderDetail orderId="order-7" viewer="customer" />);
    // The shop's name, as the layout around the screen has it.
    act(() => queryClient.setQueryData(queryKeys.brand(), buildBrand({ name: 'Velo Nord' })));

    expect(await screen.findByTestId('order-number')).toHaveTextContent('ORDER-7');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Shipped');
    const items = within(screen.getByRole('list', { name: 'Order lines' }));
    expect(items.getByRole('listitem', { name: 'Velotrack CX12 Chain' })).toHaveTextContent(
      '2 × $15.90$31.80',
    );
    expect(items.getByRole('listitem', { name: 'Halden Cork Bar Tape' })).toHaveTextContent(
      '3 × $12.00$36.00',
    );
    expect(screen.getByTestId('order-total')).toHaveTextContent('$67.80');
    expect(screen.getByText('DHL')).toBeInTheDocument();
    expect(screen.getByTestId('tracking-number')).toHaveTextContent('JD0002');

    const timeline = screen.getAllByTestId('timeline-entry');
    expect(timeline).toHaveLength(4);
    ['Not Paid', 'Paid', 'Processing', 'Shipped'].forEach((status, index) =>
      expect(timeline[index]).toHaveTextContent(new RegExp(`^${status}`)),
    );
    expect(timeline[0]).toHaveTextContent('You');
    expect(timeline[1]).toHaveTextContent('Payment provider');
    expect(timeline[3]).toHaveTextContent('Velo Nord');
    expect(timeline[3]).toHaveTextContent('DHL JD0002');
    // A shipped order leaves the customer nothing to do.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets the customer pay or cancel an unpaid order, and cancels it once they confirm', async () => {
    answer = buildOrder({
      _id: 'order-8',
      expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    const { user } = renderScreen(<OrderDetail orderId="order-8" viewer="customer" />);

    expect(await screen.findByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      '/dashboard/payment/order-8',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel the order of Velotrack CX12 Chain?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Cancelled Velotrack CX12 Chain Order')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/ordered/order-8/cancel' }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers an admin the next step and names the customer', async () => {
    const { user } = renderScreen(<OrderDetail orderId="order-7" viewer="admin" />);

    await user.click(await screen.findByRole('button', { name: /Mark delivered/ }));
    expect(
      await screen.findByText('Delivered Velotrack CX12 Chain and 1 more Order'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/ordered/order-7/delivered' }),
    ]);
    expect(screen.getByText('customer@sprocket.test')).toBeInTheDocument();
    expect(screen.getAllByTestId('timeline-entry')[0]).toHaveTextContent('Customer');
  });

  it('shows an admin no Actions once nothing is left to do', async () => {
    answer = { ...shipped, status: 'delivered', completedAt: '2026-01-03T09:00:00.000Z' };
    renderScreen(<OrderDetail orderId="order-7" viewer="admin" />);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Delivered');
    expect(screen.queryByRole('region', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the order is gone', async () => {
    stubFetch(() => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'Order not found' } },
    }));
    renderScreen(<OrderDetail orderId="order-9" viewer="customer" />);
    expect(await screen.findByText('This order does not exist any more.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrder',
    );
  });
});
