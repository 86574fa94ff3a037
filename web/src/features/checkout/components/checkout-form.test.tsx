import { screen, waitFor } from '@testing-library/react';
import type { Cart } from '@sprocket/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { CheckoutForm } from './checkout-form.js';

const cart: Cart = {
  lines: [
    {
      partId: 'chain',
      partName: 'Velotrack CX12 Chain',
      img: '/parts/chain.svg',
      price: 1590,
      quantity: 2,
      lineTotal: 3180,
      available: 10,
      minimumOrder: 1,
      exceedsStock: false,
    },
    {
      partId: 'tape',
      partName: 'Halden Cork Bar Tape',
      img: '/parts/tape.svg',
      price: 1200,
      quantity: 3,
      lineTotal: 3600,
      available: 5,
      minimumOrder: 1,
      exceedsStock: false,
    },
  ],
  itemCount: 5,
  subtotal: 6780,
  canCheckout: true,
};
const saved = {
  name: 'Casey Customer',
  address: '12 Harbour Road, Bristol',
  number: '0117 496 0000',
};

let calls: FetchCall[];
let answer: { status?: number; body?: unknown };
const onPlaced = vi.fn();
const onRefused = vi.fn();
beforeEach(() => {
  onPlaced.mockReset();
  onRefused.mockReset();
  answer = { status: 201, body: { acknowledged: true, insertedId: 'order-9' } };
  calls = stubFetch(() => answer);
});

const setup = (savedAddress: typeof saved | null) =>
  renderScreen(
    <CheckoutForm
      cart={cart}
      savedAddress={savedAddress}
      lines={<p>the cart's lines</p>}
      editCartLink={null}
      onPlaced={onPlaced}
      onRefused={onRefused}
    />,
  );

const placeOrder = () => screen.getByRole('button', { name: 'Place order and pay' });

describe('CheckoutForm', () => {
  it('starts from the address book and places one order of every line', async () => {
    const { user } = setup(saved);
    expect(screen.getByLabelText(/Address/)).toHaveValue(saved.address);
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue(saved.number);
    // Nothing new to keep.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$67.80');

    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledExactlyOnceWith('order-9'));
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/checkout',
        method: 'POST',
        body: {
          items: [
            { partId: 'chain', quantity: 2 },
            { partId: 'tape', quantity: 3 },
          ],
          address: saved.address,
          number: saved.number,
          saveAddress: false,
          // The total on the screen: the API refuses the order if the parts cost more now.
          expectedTotal: 6780,
        },
      }),
    ]);
  });

  it('offers to keep a new address, and needs a valid phone number', async () => {
    const { user } = setup(null);
    await waitFor(() => expect(placeOrder()).toBeDisabled());
    const keep = screen.getByRole('checkbox', { name: 'Save this address for next time' });
    expect(keep).toBeChecked();

    await user.type(screen.getByLabelText(/Address/), '7 Quay Street, Bristol');
    await user.type(screen.getByLabelText(/Phone Number/), '01');
    expect(await screen.findByText('invalid input')).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();
    await user.type(screen.getByLabelText(/Phone Number/), '17 496 0000');
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());

    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ address: '7 Quay Street, Bristol', saveAddress: true });
  });

  it('shows a refusal and hands the short lines to the screen', async () => {
    answer = {
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message:
            'Not enough stock for Halden Cork Bar Tape (Only 2 available). Change the quantities and try again.',
          fields: { tape: 'Only 2 available' },
        },
      },
    };
    const { user } = setup(saved);
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());

    expect(
      await screen.findByText(
        'Not enough stock for Halden Cork Bar Tape (Only 2 available). Change the quantities and try again.',
      ),
    ).toBeInTheDocument();
    expect(onRefused).toHaveBeenCalledExactlyOnceWith({ tape: 'Only 2 available' });
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('shows that prices changed since the cart was shown, and places nothing', async () => {
    const message =
      'Prices changed since your cart was shown: the total is now $1,047.80, not $67.80. Check the lines and place the order again.';
    answer = {
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message,
          prices: { lines: { chain: 49590, tape: 1200 }, total: 104780 },
        },
      },
    };
    const { user } = setup(saved);
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onPlaced).not.toHaveBeenCalled();
  });
});
