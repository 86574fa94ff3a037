/** Shipping and Tax's tracking addresses (issue 37 item 1): the shop's own carriers. */
import { screen, waitFor, within } from '@testing-library/react';
import type { TrackingCarrier } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { TrackingCarriersTable } from './tracking-carriers-table.js';

const GLS: TrackingCarrier = { name: 'GLS', urlTemplate: 'https://gls-group.com/track/{number}' };

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch((call) => ({ body: call.body }));
});

describe('Tracking addresses', () => {
  it('lists the shop’s carriers and says which are built in', () => {
    renderScreen(<TrackingCarriersTable carriers={[GLS]} />);
    const table = screen.getByRole('table', { name: 'Tracking addresses' });
    expect(within(table).getByText('GLS')).toBeInTheDocument();
    expect(within(table).getByText(GLS.urlTemplate)).toBeInTheDocument();
    expect(
      screen.getByText('Built in: UPS, USPS, FedEx, DHL, Royal Mail, DPD.'),
    ).toBeInTheDocument();
  });

  it('refuses a built-in carrier, a taken name and an address without {number}, then adds one', async () => {
    const { user } = renderScreen(<TrackingCarriersTable carriers={[GLS]} />);
    await user.click(screen.getByRole('button', { name: 'Add carrier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a carrier' });
    const name = within(dialog).getByLabelText(/^Name/);
    const address = within(dialog).getByLabelText(/^Tracking address/);
    const add = within(dialog).getByRole('button', { name: 'Add carrier' });

    await user.type(name, 'fedex');
    expect(
      await within(dialog).findByText('FedEx is built in: the shop knows its tracking address'),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'gls');
    expect(await within(dialog).findByText('There is a carrier gls already')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'PostNL');
    await user.click(address);
    await user.paste('https://postnl.example/track');
    expect(
      await within(dialog).findByText('Put {number} where the tracking number goes'),
    ).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.clear(address);
    await user.click(address);
    await user.paste('https://postnl.example/track/{number}');
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);

    expect(await screen.findByText('Added PostNL')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/admin/tracking-carriers',
        method: 'PUT',
        body: {
          carriers: [GLS, { name: 'PostNL', urlTemplate: 'https://postnl.example/track/{number}' }],
        },
      }),
    ]);
  });

  it('removes a carrier, saving the list without it', async () => {
    const { user } = renderScreen(<TrackingCarriersTable carriers={[GLS]} />);
    await user.click(screen.getByRole('button', { name: 'Remove GLS' }));
    expect(await screen.findByText('Removed GLS')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'PUT', body: { carriers: [] } })]);
  });
});
