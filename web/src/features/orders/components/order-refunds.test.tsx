/**
 * The admin order page's refunds and disputes (issue 26 items 4 and 6): a partial refund by an
 * amount or by lines, refused past what was charged before anything is sent; the refunds, a
 * dispute and a failed attempt to pay as the page shows them.
 */
import { screen, within } from '@testing-library/react';
import type { Order } from '@sprocket/contract';
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
    quantity: 3,
    lineTotal: 3600,
  },
];

const paid = buildOrder({
  _id: 'order-9',
  email: 'ana@example.com',
  partName: 'Velotrack CX12 Chain and 1 more',
  orderQuantity: 5,
  price: 6780,
  totalPrice: 6780,
  lines,
  paid: true,
  status: 'paid',
  transactionId: 'pi_sim_9',
  timeline: [
    { status: 'unpaid', at: '2026-01-01T10:00:00.000Z', actor: 'customer' },
    { status: 'paid', at: '2026-01-01T10:05:00.000Z', actor: 'gateway' },
  ],
});

let answer: Order;
let calls: FetchCall[];
beforeEach(() => {
  answer = paid;
  calls = stubFetch((call) => ({ body: call.method === 'GET' ? answer : answer }));
});

const posts = () => calls.filter((call) => call.method === 'POST');

async function openRefund() {
  const rendered = renderScreen(<OrderDetail orderId="order-9" viewer="admin" />);
  await rendered.user.click(await screen.findByRole('button', { name: /^Refund:/ }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Refund $67.80?' }) };
}

describe('the admin order page: partial refunds', () => {
  it('refunds an amount, and refuses more than was charged before asking the server', async () => {
    const { user, dialog } = await openRefund();
    await user.click(within(dialog).getByRole('radio', { name: 'An amount' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund' });
    await user.type(amount, '70');
    expect(dialog).toHaveTextContent(
      'At most $67.80 can be refunded: $67.80 was charged and $0.00 refunded already',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(posts()).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '12.50');
    expect(screen.getByRole('dialog', { name: 'Refund $12.50?' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $12.50 to ana@example.com')).toBeInTheDocument();
    expect(posts()).toEqual([
      expect.objectContaining({
        url: '/api/ordered/order-9/refund',
        body: { restock: false, amount: 1250 },
      }),
    ]);
  });

  it('refunds units of chosen lines with their stock back, at most what a line has left', async () => {
    answer = {
      ...paid,
      refunded: 1590,
      refundState: 'partial',
      refunds: [
        {
          refundId: 're_1',
          amount: 1590,
          restocked: true,
          refundedAt: '2026-01-03T10:00:00.000Z',
          lines: [{ line: 0, quantity: 1 }],
          by: 'admin',
        },
      ],
    };
    const { user } = renderScreen(<OrderDetail orderId="order-9" viewer="admin" />);
    await user.click(await screen.findByRole('button', { name: /^Refund:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $51.90?' });
    expect(dialog).toHaveTextContent('$15.90 of $67.80 refunded already; $51.90 left.');
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen lines' }));
    const chain = within(dialog).getByRole('spinbutton', { name: 'Velotrack CX12 Chain' });
    await user.type(chain, '2');
    expect(dialog).toHaveTextContent('Velotrack CX12 Chain: at most 1 left to refund');
    await user.clear(chain);
    await user.type(chain, '1');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Halden Cork Bar Tape' }), '2');
    expect(
      within(dialog).getByRole('checkbox', { name: 'Return the stock to the shelf' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Refunded $39.90 to ana@example.com')).toBeInTheDocument();
    expect(posts()).toEqual([
      expect.objectContaining({
        body: {
          restock: true,
          lines: [
            { line: 0, quantity: 1 },
            { line: 1, quantity: 2 },
          ],
        },
      }),
    ]);
  });

  it('keeps the spec’s dialog for the whole payment', async () => {
    const { user, dialog } = await openRefund();
    expect(dialog).toHaveTextContent(
      'The whole payment for Velotrack CX12 Chain and 1 more goes back to ana@example.com through the payment provider. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $67.80 to ana@example.com')).toBeInTheDocument();
    expect(posts()).toEqual([expect.objectContaining({ body: { restock: true } })]);
  });
});

describe('the order page: refunds, disputes and failed payments', () => {
  it('shows a partly refunded order with each refund, and a dispute with its outcome', async () => {
    answer = {
      ...paid,
      refunded: 2590,
      refundState: 'partial',
      refunds: [
        {
          refundId: 're_1',
          amount: 1590,
          restocked: true,
          refundedAt: '2026-01-03T10:00:00.000Z',
          lines: [{ line: 0, quantity: 1 }],
          by: 'admin',
        },
        {
          refundId: 're_2',
          amount: 1000,
          restocked: false,
          refundedAt: '2026-01-04T10:00:00.000Z',
          by: 'gateway',
        },
      ],
      dispute: {
        disputeId: 'dp_1',
        amount: 6780,
        reason: 'product_not_received',
        status: 'lost',
        openedAt: '2026-01-05T10:00:00.000Z',
        closedAt: '2026-01-20T10:00:00.000Z',
      },
    };
    renderScreen(<OrderDetail orderId="order-9" viewer="admin" />);
    expect(await screen.findByTestId('order-refunded')).toHaveTextContent('$25.90 of $67.80');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Partly refunded');
    expect(payment).toHaveTextContent('1 × Velotrack CX12 Chain');
    expect(payment).toHaveTextContent('at the payment provider');
    const dispute = screen.getByTestId('order-dispute');
    expect(dispute).toHaveTextContent('Dispute closed: Lost');
    expect(dispute).toHaveTextContent('$67.80, reason: product not received');
  });

  it('shows the customer why their last payment failed while the order is unpaid', async () => {
    answer = buildOrder({
      ...paid,
      paid: false,
      status: 'unpaid',
      transactionId: undefined,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      paymentFailure: {
        message: 'Your card has insufficient funds.',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        at: '2026-01-01T10:04:00.000Z',
      },
    });
    renderScreen(<OrderDetail orderId="order-9" viewer="customer" />);
    expect(await screen.findByTestId('payment-failure')).toHaveTextContent(
      'Your card has insufficient funds.',
    );
    expect(screen.getByRole('link', { name: 'Pay' })).toBeInTheDocument();
  });
});
