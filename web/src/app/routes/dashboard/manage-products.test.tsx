/** Manage Products' "Low stock" filter (issue 27 item 3): the parts at or below their threshold. */
import { screen, waitFor, within } from '@testing-library/react';
import type { LowStockItem } from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.js';
import { renderRoutes, stubFetch } from '../../../testing/render.js';
import ManageProductsRoute from './manage-products.js';

const low: LowStockItem[] = [
  { partId: 'brake', name: 'Disc brake', units: 1, threshold: 5, since: '2026-03-30T10:00:00Z' },
  {
    partId: 'tyre',
    sku: 'T-28',
    name: 'Road tyre (700x28c)',
    units: 3,
    threshold: 5,
    since: '2026-03-30T11:00:00Z',
  },
];

describe('Manage Products, Low stock', () => {
  it('lists each part and size at or below its threshold, with Add Stock in its row', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/admin/low-stock') return { body: low };
      if (call.method === 'PUT') return { body: { acknowledged: true, modifiedCount: 1 } };
      throw new Error(`unexpected ${call.url}`);
    });
    const { user } = renderRoutes(
      [{ path: paths.dashboard.manageProducts.path, element: <ManageProductsRoute /> }],
      {
        path: paths.dashboard.manageProducts.getHref('low'),
      },
    );
    const table = await screen.findByRole('table', { name: 'Low stock' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Disc brake',
      'Road tyre (700x28c)',
    ]);
    const cells = [...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells.slice(0, 2)).toEqual(['1', '5']);
    expect(within(rows[0]!).getByRole('button', { name: /add stock/i })).toBeInTheDocument();
    // A size's row adds to that size (issue 36 item 7).
    const size = within(rows[1]!);
    await user.type(
      size.getByRole('textbox', { name: 'Quantity to add to Road tyre (700x28c)' }),
      '4',
    );
    await user.click(size.getByRole('button', { name: /add stock/i }));
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        expect.objectContaining({ url: '/api/parts/tyre', body: { addQuantity: 4, sku: 'T-28' } }),
      ]),
    );
    expect(screen.getByRole('link', { name: 'All parts' })).toHaveAttribute(
      'href',
      paths.dashboard.manageProducts.getHref(),
    );
    expect(calls.filter((call) => call.method === 'GET').map((call) => call.url)).toContain(
      '/api/admin/low-stock',
    );
  });
});
