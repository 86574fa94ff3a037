import { screen, waitFor, within } from '@testing-library/react';
import type { ShippingMethod, TaxSettings } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { ShippingMethodsTable } from './shipping-methods-table.js';
import { TaxTable } from './tax-table.js';

const methods: ShippingMethod[] = [
  { id: 'standard', name: 'Standard', price: 599, freeOver: 10_000 },
  { id: 'pickup', name: 'Pick up in the shop', price: 0, countries: ['US'] },
];
const tax: TaxSettings = {
  pricesIncludeTax: false,
  rates: [{ country: 'US', region: 'CA', rate: 7.25 }],
};

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch((call) => ({ body: call.body }));
});

describe('Shipping and Tax', () => {
  it('lists the methods, adds one in the shop currency and removes one, saving the whole list', async () => {
    const { user } = renderScreen(<ShippingMethodsTable methods={methods} />);
    const table = screen.getByRole('table', { name: 'Shipping methods' });
    expect(within(table).getByText('$100.00')).toBeInTheDocument();
    expect(within(table).getByText('Everywhere')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a shipping method' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Express');
    await user.type(within(dialog).getByLabelText(/^Id/), 'express');
    await user.type(within(dialog).getByLabelText(/^Price/), '14.99');
    await user.type(within(dialog).getByLabelText(/^Countries/), 'us, zz');
    expect(
      await within(dialog).findByText('Choose a country (a two-letter code such as US)'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Countries/));
    await user.type(within(dialog).getByLabelText(/^Countries/), 'us ca');
    const add = within(dialog).getByRole('button', { name: 'Add method' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByText('Added Express')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/shipping-methods',
      body: [...methods, { id: 'express', name: 'Express', price: 1499, countries: ['US', 'CA'] }],
    });

    await user.click(screen.getByRole('button', { name: 'Remove Pick up in the shop' }));
    expect(await screen.findByText('Removed Pick up in the shop')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ method: 'PUT', body: [methods[0]] });
  });

  it('adds a pickup in the shop at the shop’s place, which goes with no countries', async () => {
    const { user } = renderScreen(<ShippingMethodsTable methods={methods.slice(0, 1)} />);
    await user.click(screen.getByRole('button', { name: 'Add method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a shipping method' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Collect in Bristol');
    await user.type(within(dialog).getByLabelText(/^Id/), 'collect');
    await user.type(within(dialog).getByLabelText(/^Price/), '0');
    await user.type(within(dialog).getByLabelText(/^Pickup: the shop's country/), 'gb');
    await user.type(within(dialog).getByLabelText(/^Countries/), 'GB');
    expect(
      await within(dialog).findByText('A pickup is open to every shopper: leave countries out'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Countries/));
    const add = within(dialog).getByRole('button', { name: 'Add method' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByText('Added Collect in Bristol')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      body: [
        methods[0],
        { id: 'collect', name: 'Collect in Bristol', price: 0, pickup: { country: 'GB' } },
      ],
    });
  });

  it('adds a rate for a region and says whether prices include tax', async () => {
    const { user } = renderScreen(<TaxTable settings={tax} />);
    expect(
      within(screen.getByRole('table', { name: 'Tax rates' })).getByText('7.25 %'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Prices include tax' }));
    expect(await screen.findByText('Saved: prices include tax')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { ...tax, pricesIncludeTax: true } });

    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tax rate' });
    await user.selectOptions(within(dialog).getByLabelText(/^Country/), 'DE');
    await user.type(within(dialog).getByLabelText(/^Rate/), '190');
    expect(await within(dialog).findByText('Rate is at most 100')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Rate/));
    await user.type(within(dialog).getByLabelText(/^Rate/), '19');
    const add = within(dialog).getByRole('button', { name: 'Add rate' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByText('Tax rate added')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      body: { pricesIncludeTax: false, rates: [...tax.rates, { country: 'DE', rate: 19 }] },
    });
  });
});
