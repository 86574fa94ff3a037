/** Add Product's "Low-stock threshold" (issue 27 item 3): optional, a whole number, sent as is. */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubImageLoading } from '../../../testing/fake-image.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { AddProductForm } from './add-product-form.js';

let calls: FetchCall[];
beforeEach(() => {
  stubImageLoading([]);
  calls = stubFetch(() => ({ status: 201, body: { acknowledged: true, insertedId: 'new-part' } }));
});

async function fillPart() {
  const view = renderScreen(<AddProductForm />);
  const fill = async (label: RegExp, value: string) => {
    await view.user.clear(screen.getByLabelText(label));
    if (value) {
      await view.user.click(screen.getByLabelText(label));
      await view.user.paste(value);
    }
  };
  await fill(/Product Name/, 'Halden Carbon Seatpost');
  await view.user.click(screen.getByRole('combobox', { name: /Category/ }));
  await view.user.click(await screen.findByRole('option', { name: 'Cockpit' }));
  await fill(/Image URL/, '/parts/halden-carbon-seatpost.svg');
  await fill(/Min Order/, '2');
  await fill(/^Quantity/, '40');
  await fill(/Price Per Unit/, '12.50');
  await fill(/Description/, 'A 27.2 mm carbon seatpost with a two-bolt clamp.');
  return { ...view, fill };
}

const submit = () => screen.getByRole('button', { name: 'Add Product' });

describe('AddProductForm, low-stock threshold', () => {
  it('refuses a threshold that is not a whole number, and sends the one typed', async () => {
    const { fill, user } = await fillPart();
    await fill(/Low-stock threshold/, 'a few');
    expect(await screen.findByText('Low-stock threshold must be a number')).toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeDisabled());

    await fill(/Low-stock threshold/, '8');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/parts' });
    expect(calls[0]?.body).toMatchObject({ lowStock: 8, quantity: 40 });
  });

  it('leaves the shop’s threshold to the part when the field is empty', async () => {
    const { user } = await fillPart();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).not.toHaveProperty('lowStock');
  });
});
