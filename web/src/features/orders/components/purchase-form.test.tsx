import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../lib/api-client.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { PurchaseForm } from './purchase-form.js';

const part = {
  _id: 'velotrack-cx12-chain',
  productName: 'Velotrack CX12 Chain',
  order: 2,
  quantity: 10,
};
const buyer = { displayName: 'Casey Customer', email: 'customer@sprocket.test' };

let calls: FetchCall[];
let answer: { status?: number; body?: unknown };
const onPlaced = vi.fn();
beforeEach(() => {
  onPlaced.mockReset();
  answer = { status: 201, body: { acknowledged: true, insertedId: 'order-1' } };
  calls = stubFetch(() => answer);
});

function setup() {
  const view = renderScreen(<PurchaseForm part={part} buyer={buyer} onPlaced={onPlaced} />);
  const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  const button = () => screen.getByRole('button', { name: 'Add to Cart' });
  const fill = async (label: RegExp, value: string) => {
    await view.user.clear(field(label));
    if (value) await view.user.type(field(label), value);
  };
  return { ...view, field, button, fill };
}

describe('PurchaseForm', () => {
  it('starts prefilled from the part and the signed-in user, with Add to Cart disabled', async () => {
    const { field, button } = setup();
    expect(field(/Product Name/)).toHaveValue('Velotrack CX12 Chain');
    expect(field(/Product Name/)).toHaveAttribute('readonly');
    expect(field(/Full Name/)).toHaveValue('Casey Customer');
    expect(field(/Email/)).toHaveValue('customer@sprocket.test');
    expect(field(/Email/)).toHaveAttribute('readonly');
    expect(field(/Phone Number/)).toHaveAttribute('type', 'tel');
    expect(field(/Order Quantity/)).toHaveValue(2);
    await waitFor(() => expect(button()).toBeDisabled());
  });

  it('starts at the quantity Buy Now chose, or at the minimum order when the stock cannot cover it', async () => {
    const { unmount } = renderScreen(
      <PurchaseForm part={part} buyer={buyer} quantity={4} onPlaced={onPlaced} />,
    );
    expect(screen.getByLabelText(/Order Quantity/)).toHaveValue(4);
    unmount();
    renderScreen(<PurchaseForm part={part} buyer={buyer} quantity={11} onPlaced={onPlaced} />);
    expect(screen.getByLabelText(/Order Quantity/)).toHaveValue(2);
  });

  it('opens filled from the address book, valid, so one tap on Add to Cart places the order', async () => {
    const view = renderScreen(
      <PurchaseForm
        part={part}
        buyer={buyer}
        savedAddress={{
          name: 'Casey C.',
          address: '12 Harbour Road, Bristol',
          number: '0117496000',
        }}
        onPlaced={onPlaced}
      />,
    );
    const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
    expect(field(/Address/)).toHaveValue('12 Harbour Road, Bristol');
    expect(field(/Phone Number/)).toHaveValue('0117496000');
    // The account's display name stays the Full Name.
    expect(field(/Full Name/)).toHaveValue('Casey Customer');
    const button = screen.getByRole('button', { name: 'Add to Cart' });
    await waitFor(() => expect(button).toBeEnabled());
    await view.user.click(button);
    await waitFor(() =>
      expect(onPlaced).toHaveBeenCalledWith('order-1', {
        name: 'Casey Customer',
        address: '12 Harbour Road, Bristol',
        number: '0117496000',
      }),
    );
    expect(calls.at(-1)?.body).toMatchObject({
      address: '12 Harbour Road, Bristol',
      number: '0117496000',
    });
  });

  it('accepts phone numbers of 6 to 15 characters and shows "invalid input" otherwise', async () => {
    const { fill, button } = setup();
    await fill(/Address/, '12 Harbour Road, Bristol');

    await fill(/Phone Number/, '12345');
    expect(await screen.findByText('invalid input')).toBeInTheDocument();
    expect(button()).toBeDisabled();

    await fill(/Phone Number/, '123456');
    await waitFor(() => expect(screen.queryByText('invalid input')).not.toBeInTheDocument());
    expect(button()).toBeEnabled();

    await fill(/Phone Number/, '123456789012345');
    await waitFor(() => expect(button()).toBeEnabled());

    await fill(/Phone Number/, '1234567890123456');
    expect(await screen.findByText('invalid input')).toBeInTheDocument();
    expect(button()).toBeDisabled();
  });

  it('shows "invalid input" for an address left empty', async () => {
    const { fill, user, field } = setup();
    await fill(/Address/, 'x');
    await user.clear(field(/Address/));
    await user.tab();
    expect(await screen.findByText('invalid input')).toBeInTheDocument();
  });

  it('keeps the quantity between the minimum order and the stock, adding "Invalid Input"', async () => {
    const { fill, button } = setup();
    await fill(/Address/, '12 Harbour Road, Bristol');
    await fill(/Phone Number/, '0117 496 0000');

    await fill(/Order Quantity/, '1');
    expect(await screen.findByText('Order at least 2 Invalid Input')).toBeInTheDocument();
    expect(button()).toBeDisabled();

    await fill(/Order Quantity/, '11');
    expect(await screen.findByText('Only 10 available Invalid Input')).toBeInTheDocument();
    expect(button()).toBeDisabled();

    await fill(/Order Quantity/, '10');
    await waitFor(() => expect(button()).toBeEnabled());
    expect(screen.queryByText(/Invalid Input/)).not.toBeInTheDocument();
  });

  it('places the order with the bearer token, confirms, resets the form and goes on to pay', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-token-1');
    const { fill, button, user, field } = setup();
    await fill(/Address/, '12 Harbour Road, Bristol');
    await fill(/Phone Number/, '0117 496 0000');
    await fill(/Order Quantity/, '3');
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());

    expect(await screen.findByText('Added to cart, Successfully')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/ordered',
      method: 'POST',
      headers: { authorization: 'Bearer access-token-1' },
      body: {
        partId: 'velotrack-cx12-chain',
        partName: 'Velotrack CX12 Chain',
        userName: 'Casey Customer',
        email: 'customer@sprocket.test',
        address: '12 Harbour Road, Bristol',
        number: '0117 496 0000',
        orderQuantity: 3,
      },
    });
    await waitFor(() => expect(field(/Address/)).toHaveValue(''));
    expect(field(/Order Quantity/)).toHaveValue(2);
    expect(button()).toBeDisabled();
    expect(onPlaced).toHaveBeenCalledExactlyOnceWith(
      'order-1',
      expect.objectContaining({ address: expect.any(String) }),
    );
  });

  it('shows the API message when the server refuses the order', async () => {
    answer = {
      status: 409,
      body: { error: { code: 'conflict', message: 'Only 4 left in stock' } },
    };
    const { fill, button, user, field } = setup();
    await fill(/Address/, '12 Harbour Road, Bristol');
    await fill(/Phone Number/, '0117 496 0000');
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());

    expect(await screen.findByText('Only 4 left in stock')).toBeInTheDocument();
    expect(screen.queryByText('Added to cart, Successfully')).not.toBeInTheDocument();
    expect(field(/Address/)).toHaveValue('12 Harbour Road, Bristol');
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('says so when the stock is below the minimum order, and keeps Add to Cart disabled', async () => {
    renderScreen(
      <PurchaseForm part={{ ...part, quantity: 1 }} buyer={buyer} onPlaced={onPlaced} />,
    );
    expect(
      screen.getByText('Not enough stock for the minimum order right now. Please check back soon.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled());
  });

  it('says "Added to cart, Failed" when the form is submitted without data', async () => {
    setup();
    // The disabled button blocks a normal submit; this is the form being submitted regardless.
    fireEvent.submit(screen.getByRole('form', { name: 'Order form' }));

    expect(await screen.findByText('Added to cart, Failed')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(screen.getAllByText('invalid input')).toHaveLength(2);
  });
});
