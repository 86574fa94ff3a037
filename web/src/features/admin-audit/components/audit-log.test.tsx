import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch, type FetchCall } from '../../../testing/render.js';
import { AuditLog } from './audit-log.js';

const entries: AuditEntry[] = [
  {
    _id: 'a2',
    at: '2026-03-04T10:00:00.000Z',
    byUid: 'u1',
    byEmail: 'owner@example.com',
    kind: 'part.price',
    targetId: 'chain-11',
    targetName: 'VeloTrack 11-speed chain',
    before: { price: 1250, variants: [{ sku: 'CH-11', price: 1250 }] },
    after: { price: 1399, variants: [{ sku: 'CH-11', price: 1399 }] },
  },
  {
    _id: 'a3',
    at: '2026-03-03T11:00:00.000Z',
    byUid: 'u1',
    byEmail: 'owner@example.com',
    kind: 'order.ship',
    targetId: 'ord12345xyz',
    targetName: 'Order ORD12345 · Jane Rider',
    before: { status: 'paid' },
    after: {
      status: 'shipped',
      shipment: { carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' },
    },
  },
  {
    _id: 'a1',
    at: '2026-03-03T09:00:00.000Z',
    byUid: 'u2',
    byEmail: 'mechanic@example.com',
    kind: 'admin.granted',
    targetId: 'new@example.com',
    targetName: 'new@example.com',
    before: { admin: false },
    after: { admin: true },
  },
];

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch(() => ({ body: entries, headers: { 'X-Total-Count': '3' } }));
});
const lastUrl = () => calls.filter((call) => call.url.startsWith('/api/admin/audit')).at(-1)?.url;
const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
};
const setup = (path = '/') => renderRoutes([{ path: '/', element: <AuditLog /> }], { path });

describe('AuditLog', () => {
  it('shows who did what, when, to what by name, and each change on a line of its own, money as money', async () => {
    setup();
    expect(await screen.findByText('Price changed')).toBeInTheDocument();
    expect(lastUrl()).toBe('/api/admin/audit?page=1&pageSize=25');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'When',
      'What',
      'Who',
      'On',
      'Changes',
    ]);
    const price = rowOf('Price changed');
    expect(price.getByText('owner@example.com')).toBeInTheDocument();
    // The part by its name; its id only as the link to it.
    expect(price.getByText('VeloTrack 11-speed chain')).toBeInTheDocument();
    expect(price.getByRole('link', { name: 'chain-11: VeloTrack 11-speed chain' })).toHaveAttribute(
      'href',
      '/parts/chain-11',
    );
    const lines = price.getAllByRole('term').map((term) => term.textContent);
    expect(lines).toEqual(['Price:', 'Sizes › CH-11 › Price:']);
    expect(price.getAllByRole('definition')[0]).toHaveTextContent('from $12.50 → to $13.99');
    expect(price.queryByText(/1250|1399|\{/)).toBeNull();

    const shipped = rowOf('Order shipped');
    expect(shipped.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Status:',
      'Shipment › Carrier:',
      'Shipment › Tracking number:',
    ]);
    expect(shipped.getByText('AB123456789GB')).toBeInTheDocument();
    expect(shipped.getByRole('link', { name: /Jane Rider/ })).toHaveAttribute(
      'href',
      '/dashboard/orders/ord12345xyz',
    );

    const granted = rowOf('Admin rights given');
    expect(granted.getByRole('definition')).toHaveTextContent('from No → to Yes');
    // An email is its own name: shown once, as the link.
    expect(granted.getByRole('link', { name: 'new@example.com' })).toBeInTheDocument();
    expect(
      screen.queryAllByRole('row').flatMap((row) => within(row).queryAllByRole('button')),
    ).toEqual([]);
  });

  it('filters by kind, person and days from the URL and the fields, and searches', async () => {
    const { user, router } = setup('/?kind=part.price&from=2026-03-01');
    await screen.findByText('Price changed');
    expect(lastUrl()).toBe('/api/admin/audit?kind=part.price&from=2026-03-01&page=1&pageSize=25');

    await user.type(
      screen.getByRole('textbox', { name: 'Admin email' }),
      'owner@example.com{Enter}',
    );
    await waitFor(() =>
      expect(lastUrl()).toBe(
        '/api/admin/audit?by=owner%40example.com&kind=part.price&from=2026-03-01&page=1&pageSize=25',
      ),
    );
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Admin rights given' }));
    await waitFor(() => expect(router.state.location.search).toContain('kind=admin.granted'));

    await user.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'chain');
    await waitFor(() => expect(lastUrl()).toContain('q=chain'));
  });
});
