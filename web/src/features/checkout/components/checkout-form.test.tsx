import { screen, waitFor } from '@testing-library/react';
import {
  priceLines,
  type Cart,
  type CheckoutQuote,
  type CheckoutQuoteInput,
  type ShippingMethod,
} from '@sprocket/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildOrder } from '../../../testing/data.js';
import { fakeCheckoutPayment } from '../../../testing/fake-checkout-payment.js';
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
let methods: ShippingMethod[];
const onPlaced = vi.fn();
const onPaid = vi.fn();
const onRefused = vi.fn();
const placedOrder = buildOrder({
  _id: 'order-9',
  totalPrice: 7322,
  expiresAt: '2099-01-01T00:30:00.000Z',
});
const intent = {
  clientSecret: 'pi_sim_9_secret_x',
  gateway: 'simulated',
  savesCards: true,
  savedCards: [],
} as const;

/** The server's quote, priced as it prices it: 8 % tax in the US, code SAVE10 for 10 %. */
function quoteOf(body: CheckoutQuoteInput): { status: number; body: unknown } {
  if (body.discountCode && body.discountCode.toUpperCase() !== 'SAVE10') {
    const message = `There is no discount code ${body.discountCode.toUpperCase()}. Check how it is spelt.`;
    return {
      status: 422,
      body: { error: { code: 'validation_failed', message, fields: { discountCode: message } } },
    };
  }
  const method = methods.find((candidate) => candidate.id === body.shippingMethodId);
  const priced = priceLines(cart.lines, {
    shipping: method,
    discount: body.discountCode ? { type: 'percent', value: 10 } : undefined,
    tax: body.country === 'US' ? { rate: 8, pricesIncludeTax: false } : undefined,
  });
  const quote: CheckoutQuote = {
    ...priced,
    currency: 'USD',
    pricesIncludeTax: false,
    taxRate: body.country === 'US' ? 8 : 0,
    ...(method && { shippingMethod: { id: method.id, name: method.name, price: priced.shipping } }),
    ...(body.discountCode && { discountCode: 'SAVE10' }),
    shippingOptions: methods.map(({ id, name, price }) => ({ id, name, price })),
  };
  return { status: 200, body: quote };
}

beforeEach(() => {
  onPlaced.mockReset();
  onPaid.mockReset();
  onRefused.mockReset();
  methods = [];
  answer = {
    status: 201,
    body: { acknowledged: true, insertedId: 'order-9', order: placedOrder, payment: intent },
  };
  calls = stubFetch((call) => {
    if (call.url === '/api/shipping-methods') return { body: methods };
    if (call.url === '/api/checkout/quote') return quoteOf(call.body as CheckoutQuoteInput);
    return answer;
  });
});

const checkoutCalls = () => calls.filter((call) => call.url === '/api/checkout');

const setup = (savedAddress: typeof saved | null, payment = fakeCheckoutPayment()) => ({
  ...renderScreen(
    <CheckoutForm
      cart={cart}
      savedAddress={savedAddress}
      lines={<p>the cart's lines</p>}
      editCartLink={null}
      payment={payment.payment}
      onPlaced={onPlaced}
      onPaid={onPaid}
      onRefused={onRefused}
    />,
  ),
  ...payment,
});

const placeOrder = () => screen.getByRole('button', { name: 'Place order and pay' });

describe('CheckoutForm', () => {
  it('starts from the address book, places one order of every line and pays it in one go', async () => {
    const { user, pay, check } = setup(saved);
    expect(await screen.findByLabelText(/Address/)).toHaveValue(saved.address);
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue(saved.number);
    // Nothing new to keep.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // 67.80 and 8 % US tax (5.42), as the server quoted it.
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$73.22'));
    expect(screen.getByText('Tax (8 %)')).toBeInTheDocument();

    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledExactlyOnceWith(placedOrder));
    expect(check).toHaveBeenCalledOnce();
    expect(checkoutCalls()).toEqual([
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
          country: 'US',
          // The total on the screen: the API refuses the order if it costs more now.
          expectedTotal: 7322,
        },
      }),
    ]);
    // The card was checked before the order was placed, then the intent of the answer paid.
    expect(pay).toHaveBeenCalledExactlyOnceWith({
      orderId: 'order-9',
      totalPrice: 7322,
      intent,
    });
    await waitFor(() => expect(onPaid).toHaveBeenCalledExactlyOnceWith('order-9'));
  });

  it('offers to keep a new address, and needs a valid phone number', async () => {
    const { user } = setup(null);
    await waitFor(() => expect(placeOrder()).toBeDisabled());
    const keep = screen.getByRole('checkbox', { name: 'Save this address for next time' });
    expect(keep).toBeChecked();

    // Pasted, not typed key by key: each key re-checks the whole form, which on a busy machine
    // took this test past its time.
    await user.click(screen.getByLabelText(/Address/));
    await user.paste('7 Quay Street, Bristol');
    await user.click(screen.getByLabelText(/Phone Number/));
    await user.paste('01');
    expect(await screen.findByText('invalid input')).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();
    await user.paste('17 496 0000');
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());

    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(checkoutCalls()[0]?.body).toMatchObject({
      address: '7 Quay Street, Bristol',
      saveAddress: true,
    });
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

  it('offers the shipping methods of the country, applies a code and places the order at the quoted total', async () => {
    methods = [
      { id: 'standard', name: 'Standard', price: 599 },
      { id: 'express', name: 'Express', price: 1499 },
      { id: 'pickup', name: 'Pick up in the shop', price: 0, countries: ['GB'] },
    ];
    const { user } = setup(saved);
    // The cheapest that goes to the US is chosen first; the pick-up is not offered there.
    expect(await screen.findByRole('radio', { name: 'Standard: $5.99' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Pick up/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Express: $14.99' }));

    await user.type(screen.getByLabelText('Discount code'), 'nope1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('There is no discount code NOPE1. Check how it is spelt.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Discount code'));
    await user.type(screen.getByLabelText('Discount code'), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SAVE10 applied')).toBeInTheDocument();

    // 6780 − 678 = 6102; + 1499 shipping; 8 % of 6102 = 488.16 → 488: 8089.
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$80.89'));
    expect(screen.getByText('Discount (SAVE10)')).toBeInTheDocument();
    expect(screen.getByText('Shipping (Express)')).toBeInTheDocument();
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(checkoutCalls()[0]?.body).toMatchObject({
      country: 'US',
      shippingMethodId: 'express',
      discountCode: 'SAVE10',
      expectedTotal: 8089,
    });
  });

  it('offers a pickup in the shop wherever the shopper is, beside the methods that go there', async () => {
    methods = [
      { id: 'royal-mail', name: 'Royal Mail', price: 450, countries: ['GB'] },
      { id: 'pickup', name: 'Pick up in Bristol', price: 0, pickup: { country: 'GB' } },
    ];
    const { user } = setup(saved);
    // Nothing is sent to the US: the pickup is the one way, and is chosen.
    expect(await screen.findByRole('radio', { name: 'Pick up in Bristol: Free' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Royal Mail/ })).not.toBeInTheDocument();
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(checkoutCalls()[0]?.body).toMatchObject({ shippingMethodId: 'pickup' });
  });
  it('keeps the order a refused card leaves: paying again pays it, and places nothing more', async () => {
    const { user, pay } = setup(
      saved,
      fakeCheckoutPayment({
        outcomes: [{ status: 'refused', message: 'Your card was declined.' }],
      }),
    );
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onPlaced).toHaveBeenCalledOnce();
    expect(onPaid).not.toHaveBeenCalled();

    await user.click(placeOrder());
    await waitFor(() => expect(onPaid).toHaveBeenCalledExactlyOnceWith('order-9'));
    expect(checkoutCalls()).toHaveLength(1);
    expect(pay).toHaveBeenCalledTimes(2);
    expect(pay.mock.calls[1]?.[0]).toMatchObject({ orderId: 'order-9', intent });
  });

  it('places nothing while the card is incomplete', async () => {
    const { user, pay } = setup(
      saved,
      fakeCheckoutPayment({ problem: 'Your card number is incomplete.' }),
    );
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(checkoutCalls()).toHaveLength(0);
    expect(pay).not.toHaveBeenCalled();
  });

  it('opens a wallet only once the address is complete, then places the order and pays with it', async () => {
    const { user, walletPay, pay } = setup(null);
    await waitFor(() => expect(placeOrder()).toBeDisabled());
    // The wallets sit above the address.
    const wallet = screen.getByRole('button', { name: 'Test wallet' });
    expect(
      wallet.compareDocumentPosition(screen.getByLabelText(/Address/)) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(wallet);
    // Address and Phone Number say what is missing (the spec's words), and nothing is placed.
    expect(await screen.findAllByText('invalid input')).toHaveLength(2);
    expect(checkoutCalls()).toHaveLength(0);

    await user.type(screen.getByLabelText(/Address/), '7 Quay Street, Bristol');
    await user.type(screen.getByLabelText(/Phone Number/), '0117 496 0000');
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(wallet);
    await waitFor(() => expect(onPaid).toHaveBeenCalledExactlyOnceWith('order-9'));
    expect(walletPay).toHaveBeenCalledExactlyOnceWith({
      orderId: 'order-9',
      totalPrice: 7322,
      intent,
    });
    expect(pay).not.toHaveBeenCalled();
    expect(checkoutCalls()).toHaveLength(1);
  });

  it('pays an order placed before (a reload, the purchase page) without placing another', async () => {
    const payment = fakeCheckoutPayment();
    const { user } = renderScreen(
      <CheckoutForm
        placed={buildOrder({
          _id: 'abcd1234efgh',
          country: 'GB',
          shippingMethod: { id: 'royal-mail', name: 'Royal Mail', price: 450 },
          expiresAt: '2099-01-01T00:30:00.000Z',
        })}
        savedAddress={saved}
        lines={<p>the order's lines</p>}
        editCartLink={<a href="/cart">Edit cart</a>}
        payment={payment.payment}
        onPlaced={onPlaced}
        onPaid={onPaid}
        onRefused={onRefused}
      />,
    );
    // The short number, the order's own delivery (no fields to change) and its total.
    expect(await screen.findByTestId('order-number')).toHaveTextContent('ABCD1234');
    expect(screen.getByText('12 Harbour Road')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('Shipping: Royal Mail')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Address/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit cart' })).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$31.80');
    expect(payment.setAmount).toHaveBeenCalledWith(3180);

    await user.click(screen.getByRole('button', { name: 'Pay $31.80' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledExactlyOnceWith('abcd1234efgh'));
    expect(payment.pay).toHaveBeenCalledExactlyOnceWith({
      orderId: 'abcd1234efgh',
      totalPrice: 3180,
    });
    expect(checkoutCalls()).toHaveLength(0);
    expect(onPlaced).not.toHaveBeenCalled();
  });
});
