/** "Track parcel" (issue 37 item 1) on the order's page and My Orders. */
import { screen, within } from '@testing-library/react';
import type { Order } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../testing/data.js';
import { renderScreen, stubFetch } from '../../../testing/render.js';
import { MyOrdersTable } from './my-orders-table.js';
import { OrderDetail } from './order-detail.js';

const UPS_URL = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
const shippedAt = '2026-01-02T09:00:00.000Z';

const byUps = buildOrder({
  _id: 'o-ups',
  partName: 'Velotrack CX12 Chain',
  paid: true,
  status: 'shipped',
  transactionId: 'pi_sim_1',
  shipment: {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: UPS_URL,
    shippedAt,
  },
});
const byCourier = buildOrder({
  _id: 'o-courier',
  partName: 'Perch Contour Saddle',
  paid: true,
  status: 'shipped',
  transactionId: 'pi_sim_2',
  shipment: { carrier: 'Bike Courier', trackingNumber: 'BC 7', shippedAt },
});
// Shipped before the shop stored links: a known carrier's is built from its address.
const byDhlEarlier = buildOrder({
  _id: 'o-dhl',
  partName: 'Halden Cork Bar Tape',
  paid: true,
  status: 'shipped',
  transactionId: 'pi_sim_3',
  shipment: { carrier: 'DHL', trackingNumber: '00340434161094000000', shippedAt },
});

let answer: Order;
beforeEach(() => {
  answer = byUps;
  stubFetch(() => ({ body: answer }));
});

const trackLink = (name: RegExp) => screen.getByRole('link', { name });

describe('Track parcel', () => {
  it("opens the carrier's page of the parcel, in a new tab, from the order's page", async () => {
    renderScreen(<OrderDetail orderId="o-ups" viewer="customer" />);
    expect(await screen.findByTestId('tracking-number')).toHaveTextContent('1Z999AA10123456784');
    const link = trackLink(/^Track parcel 1Z999AA10123456784 with UPS/);
    expect(link).toHaveAttribute('href', UPS_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent(/^Track parcel/);
  });

  it('shows the number alone where the carrier has no tracking address', async () => {
    answer = byCourier;
    renderScreen(<OrderDetail orderId="o-courier" viewer="customer" />);
    expect(await screen.findByTestId('tracking-number')).toHaveTextContent('BC 7');
    expect(screen.queryByRole('link', { name: /Track parcel/ })).not.toBeInTheDocument();
  });

  it('lists each parcel with its number and its own link on My Orders', () => {
    renderScreen(<MyOrdersTable orders={[byUps, byCourier, byDhlEarlier]} />);
    const rowOf = (name: string) => {
      const row = screen.getByText(name).closest('tr');
      if (!row) throw new Error(`no row for ${name}`);
      return within(row);
    };
    expect(rowOf('Velotrack CX12 Chain').getByText('UPS · 1Z999AA10123456784')).toBeVisible();
    expect(
      rowOf('Velotrack CX12 Chain').getByRole('link', { name: /Track parcel/ }),
    ).toHaveAttribute('href', UPS_URL);
    expect(rowOf('Perch Contour Saddle').getByText('Bike Courier · BC 7')).toBeVisible();
    expect(
      rowOf('Perch Contour Saddle').queryByRole('link', { name: /Track parcel/ }),
    ).not.toBeInTheDocument();
    expect(
      rowOf('Halden Cork Bar Tape').getByRole('link', {
        name: 'Track parcel 00340434161094000000 with DHL (opens in a new tab)',
      }),
    ).toHaveAttribute(
      'href',
      'https://www.dhl.com/global-en/home/tracking.html?tracking-id=00340434161094000000&submit=1',
    );
  });
});
