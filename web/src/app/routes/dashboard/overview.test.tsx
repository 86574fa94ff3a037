/** The Overview (issue 27 item 1): the figures of GET /admin/sales, as cards and as tables. */
import { screen, within } from '@testing-library/react';
import type { SalesReport, SalesTotals } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.js';
import { formatPrice } from '../../../lib/money.js';
import { renderRoutes, stubFetch, type FetchCall } from '../../../testing/render.js';
import OverviewRoute from './overview.js';

const totals = (over: Partial<SalesTotals>): SalesTotals => ({
  revenue: 0,
  orders: 0,
  averageOrderValue: 0,
  refunds: 0,
  refundedAmount: 0,
  netRevenue: 0,
  productViews: 0,
  conversion: null,
  ...over,
});

const report = (from: string, to: string): SalesReport => ({
  from,
  to,
  previousFrom: '2026-03-25',
  previousTo: '2026-03-27',
  timeZone: 'Europe/Berlin',
  currency: 'USD',
  current: totals({
    revenue: 12_497,
    orders: 3,
    averageOrderValue: 4166,
    refunds: 1,
    refundedAmount: 2500,
    netRevenue: 9997,
    productViews: 60,
    conversion: 0.05,
  }),
  previous: totals({ revenue: 6000, orders: 2, averageOrderValue: 3000, productViews: 40 }),
  days: [
    { day: '2026-03-28', revenue: 5998, orders: 1, refunds: 0, refundedAmount: 0 },
    { day: '2026-03-29', revenue: 0, orders: 0, refunds: 0, refundedAmount: 0 },
    { day: '2026-03-30', revenue: 6499, orders: 2, refunds: 1, refundedAmount: 2500 },
  ],
  topByRevenue: [
    { partId: 'chain', partName: 'Road chain', revenue: 8997, units: 3 },
    { partId: 'tyre', partName: 'Road tyre', revenue: 3500, units: 4 },
  ],
  topByUnits: [
    { partId: 'tyre', partName: 'Road tyre', revenue: 3500, units: 4 },
    { partId: 'chain', partName: 'Road chain', revenue: 8997, units: 3 },
  ],
  lowStock: [
    {
      partId: 'brake',
      name: 'Disc brake',
      units: 2,
      threshold: 5,
      since: '2026-03-30T10:00:00.000Z',
    },
  ],
  lag: { waiting: 3, seconds: 2 },
});

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch((call) => {
    const url = new URL(call.url, 'http://shop.test');
    if (url.pathname !== '/api/admin/sales') throw new Error(`unexpected ${call.url}`);
    const from = url.searchParams.get('from') ?? '2026-03-28';
    const to = url.searchParams.get('to') ?? '2026-03-30';
    return { body: report(from, to) };
  });
});

const open = (path = paths.dashboard.overview.getHref()) =>
  renderRoutes([{ path: paths.dashboard.overview.path, element: <OverviewRoute /> }], { path });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('Overview', () => {
  it('shows the figures against the period before, and each day in a table', async () => {
    open();
    const revenue = await screen.findByRole('region', { name: 'Revenue' });
    expect(revenue).toHaveTextContent(formatPrice(12_497));
    expect(revenue).toHaveTextContent('+108% on the period before');
    expect(revenue).toHaveTextContent(`Before: ${formatPrice(6000)}`);
    expect(screen.getByRole('region', { name: 'Orders' })).toHaveTextContent('3');
    expect(screen.getByRole('region', { name: 'Average order value' })).toHaveTextContent(
      formatPrice(4166),
    );
    expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent(
      `1 · ${formatPrice(2500)}`,
    );
    expect(screen.getByRole('region', { name: 'Conversion' })).toHaveTextContent('5.0%');
    expect(
      screen.getByText(
        'Figures are catching up: 3 order changes from the last 2 s not counted yet.',
      ),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/sales?days=7']);

    expect(rowsOf(screen.getByRole('table', { name: 'Sales per day' }))).toEqual([
      ['Sat, Mar 28', '1', formatPrice(5998), '–'],
      ['Sun, Mar 29', '0', formatPrice(0), '–'],
      ['Mon, Mar 30', '2', formatPrice(6499), `1 · ${formatPrice(2500)}`],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Top parts by revenue' }))).toEqual([
      ['Road chain', '3', formatPrice(8997)],
      ['Road tyre', '4', formatPrice(3500)],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Low stock' }))).toEqual([
      ['Disc brake', '2', '5'],
    ]);
    expect(screen.getByRole('link', { name: 'Restock them in Manage Products' })).toHaveAttribute(
      'href',
      paths.dashboard.manageProducts.getHref('low'),
    );
  });

  it('asks for today, 30 days or the days typed', async () => {
    const { user, router } = open();
    await screen.findByRole('table', { name: 'Sales per day' });
    await user.click(screen.getByRole('button', { name: '30 days' }));
    expect(router.state.location.search).toBe('?days=30');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(router.state.location.search).toBe('?days=1');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-31');
    expect(await screen.findByText(/Days 2026-03-01 to 2026-03-31/)).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(
      '/api/admin/sales?from=2026-03-01&to=2026-03-31',
    );
  });
});
