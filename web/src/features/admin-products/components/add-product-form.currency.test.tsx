import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubImageLoading } from '../../../testing/fake-image.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import type * as EnvModule from '../../../config/env.js';
import { AddProductForm } from './add-product-form.js';

// A shop that sells in yen: every module that reads the settings sees JPY.
vi.mock('../../../config/env.js', async (importOriginal) => {
  const { env } = await importOriginal<typeof EnvModule>();
  return { env: { ...env, shopCurrency: 'JPY' } };
});

let calls: FetchCall[];
beforeEach(() => {
  stubImageLoading();
  calls = stubFetch(() => ({ status: 201, body: { acknowledged: true, insertedId: 'new-part' } }));
});

async function fillAll(user: ReturnType<typeof renderScreen>['user'], price: string) {
  const fields: [RegExp, string][] = [
    [/Product Name/, 'Halden Carbon Seatpost'],
    [/Image URL/, '/parts/halden-carbon-seatpost.svg'],
    [/Min Order/, '2'],
    [/^Quantity/, '40'],
    [/Price Per Unit/, price],
    [/Description/, 'A 27.2 mm carbon seatpost with a two-bolt clamp.'],
  ];
  for (const [label, value] of fields) {
    await user.clear(screen.getByLabelText(label));
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
  await user.click(screen.getByRole('combobox', { name: /Category/ }));
  await user.click(await screen.findByRole('option', { name: 'Cockpit' }));
}

// Filling seven fields, each validated on every change, takes a few seconds in jsdom.
describe('AddProductForm in a JPY shop', () => {
  it('stores 1250 typed as the price as 1250 yen', async () => {
    const { user } = renderScreen(<AddProductForm />);
    expect(screen.getByLabelText(/Price Per Unit/)).toHaveAttribute('placeholder', '1250');
    // Beside Price Per Unit and the compare-at price.
    expect(screen.getAllByText('¥')).toHaveLength(2);
    await fillAll(user, '1250');
    const submit = screen.getByRole('button', { name: 'Add Product' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ price: 1250 });
  });

  it('refuses decimals, which yen do not have', async () => {
    const { user } = renderScreen(<AddProductForm />);
    await fillAll(user, '12.50');
    expect(
      await screen.findByText('Price per unit must be a number like 1250'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
  });
});
