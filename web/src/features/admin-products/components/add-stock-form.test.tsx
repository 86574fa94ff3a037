import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { AddStockForm } from './add-stock-form.js';

const part = { _id: 'velotrack-cx12-chain', productName: 'Velotrack CX12 Chain' };

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch(() => ({ body: { acknowledged: true, modifiedCount: 1 } }));
});

function setup() {
  const view = renderScreen(<AddStockForm part={part} />);
  const input = () =>
    screen.getByRole('textbox', { name: 'Quantity to add to Velotrack CX12 Chain' });
  const button = () => screen.getByRole('button', { name: 'Add Stock' });
  const type = async (value: string) => {
    await view.user.clear(input());
    if (value) await view.user.type(input(), value);
  };
  return { ...view, input, button, type };
}

describe('AddStockForm', () => {
  it('accepts only a whole number of at least one', async () => {
    const { button, type } = setup();
    await waitFor(() => expect(button()).toBeDisabled());

    await type('ten');
    expect(await screen.findByText('Quantity to add must be a number')).toBeInTheDocument();
    expect(button()).toBeDisabled();

    await type('0');
    expect(await screen.findByText('Quantity to add must be at least 1')).toBeInTheDocument();

    await type('2.5');
    expect(await screen.findByText('Quantity to add must be a whole number')).toBeInTheDocument();

    await type('12');
    await waitFor(() => expect(button()).toBeEnabled());
    expect(screen.queryByText(/Quantity to add must/)).not.toBeInTheDocument();
  });

  it('says the quantity is required once the field was emptied', async () => {
    const { type, user, input } = setup();
    await type('3');
    await user.clear(input());
    await user.tab();
    expect(await screen.findByText('Quantity to add is required')).toBeInTheDocument();
  });

  it('adds the amount to the stock, confirms and clears the field', async () => {
    const { type, button, user, input } = setup();
    await type('15');
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());

    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/parts/velotrack-cx12-chain',
        method: 'PUT',
        body: { addQuantity: 15 },
      }),
    ]);
    await waitFor(() => expect(input()).toHaveValue(''));
    // Emptied by the reset, not by the admin: no "required" error, and not marked invalid.
    expect(screen.queryByText('Quantity to add is required')).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    expect(screen.queryByText('Quantity to add is required')).not.toBeInTheDocument();
  });
});

describe('AddStockForm of a part sold in variants', () => {
  it('adds to the variant picked beside the quantity', async () => {
    const tyre = {
      _id: 'tyre',
      productName: 'Road tyre',
      options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
      variants: [
        { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, quantity: 6 },
        { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: 0 },
      ],
    };
    const { user } = renderScreen(<AddStockForm part={tyre} />);
    await user.click(screen.getByRole('combobox', { name: 'Variant' }));
    await user.click(await screen.findByRole('option', { name: '700x32c (0)' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity to add to Road tyre' }), '5');
    const button = screen.getByRole('button', { name: 'Add Stock' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.body])).toEqual([
      ['PUT', { addQuantity: 5, sku: 'TYRE-32' }],
    ]);
  });
});
