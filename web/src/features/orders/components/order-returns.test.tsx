/**
 * Returns on the customer's order page (issue 37 item 2, decision 098): "Return items" while the
 * return window is open, the units left per line, a reason required for each line chosen, the
 * amount it gives back, then the request as the API takes it; a return's steps as they show.
 */
import { screen, within } from '@testing-library/react';
import type { Order, OrderReturn } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../testing/data.js';
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
    quantity: 1,
    lineTotal: 1200,
  },
];

const asked: OrderReturn = {
  _id: 'return-1',
  orderId: 'order-7',
  orderNumber: 'ORDER-7',
  email: 'ana@example.com',
  userName: 'Ana Lima',
  status: 'approved',
  lines: [
    { line: 1, partName: 'Halden Cork Bar Tape', quantity: 1, reason: 'damaged', note: 'Torn' },
  ],
  amount: 1200,
  askedAt: '2026-01-05T10:00:00.000Z',
  instructions: 'Post it to 1 Spoke Street',
  approvedAt: '2026-01-05T11:00:00.000Z',
};

/** Delivered yesterday, returns open for another 29 days; the tape is in a return already. */
const delivered = buildOrder({
  _id: 'order-7',
  email: 'ana@example.com',
  lines,
  totalPrice: 4380,
  paid: true,
  status: 'delivered',
  completedAt: new Date(Date.now() - 86_400_000).toISOString(),
  returnableUntil: new Date(Date.now() + 29 * 86_400_000).toISOString(),
  returns: [asked],
});

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch((call) => ({
    status: call.method === 'POST' ? 201 : 200,
    body: call.method === 'POST' ? { ...asked, _id: 'return-2', status: 'asked' } : delivered,
  }));
});

describe("the customer's order page: returns", () => {
  it('shows the return with its instructions, and asks for another of the units left', async () => {
    const { user } = renderScreen(<OrderDetail orderId="order-7" viewer="customer" />);
    const returns = await screen.findByRole('list', { name: 'Returns' });
    expect(returns).toHaveTextContent('Return approved');
    expect(returns).toHaveTextContent('1 × Halden Cork Bar Tape: Damaged — Torn');
    expect(returns).toHaveTextContent('Send the parts back: Post it to 1 Spoke Street');

    await user.click(screen.getByRole('button', { name: 'Return items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return items' });
    expect(dialog).toHaveTextContent('2 bought; 2 can go back');
    expect(dialog).toHaveTextContent('Nothing left to return');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to return' }));
    expect(dialog).toHaveTextContent('Choose at least one part to return');

    await user.click(within(dialog).getByRole('combobox', { name: 'How many' }));
    await user.click(screen.getByRole('option', { name: '1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ask to return' }));
    expect(dialog).toHaveTextContent('Choose a reason');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(screen.getByRole('option', { name: 'Wrong part' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), ' 11-speed ');
    expect(dialog).toHaveTextContent('Once the parts arrive we refund $15.90');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to return' }));
    expect(await screen.findByText('Return asked: we will answer by email')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        url: '/api/ordered/order-7/returns',
        body: { lines: [{ line: 0, quantity: 1, reason: 'wrong_part', note: '11-speed' }] },
      }),
    ]);
  });

  it('offers no Return items once the window has closed', async () => {
    calls = stubFetch(() => ({
      body: { ...delivered, returnableUntil: new Date(Date.now() - 1000).toISOString() },
    }));
    renderScreen(<OrderDetail orderId="order-7" viewer="customer" />);
    await screen.findByRole('list', { name: 'Returns' });
    expect(screen.queryByRole('button', { name: 'Return items' })).toBeNull();
  });
});
