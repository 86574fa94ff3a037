/** The checkout of a visitor who does not sign in (issue 25 item 7, docs/decisions/066). */
import { screen, waitFor } from '@testing-library/react';
import { priceLines, type Cart } from '@sprocket/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderLinkOf, orderLinkOfSecret } from '../../../lib/order-links.js';
import { buildOrder } from '../../../testing/data.js';
import { fakeCheckoutPayment } from '../../../testing/fake-checkout-payment.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { CheckoutForm } from './checkout-form.js';
import { GuestOrSignIn } from './guest-or-sign-in.js';

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
  ],
  itemCount: 2,
  subtotal: 3180,
  canCheckout: true,
};

let calls: FetchCall[];
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  calls = stubFetch((call) => {
    if (call.url === '/api/shipping-methods') return { body: [] };
    if (call.url === '/api/checkout/quote') {
      return {
        body: {
          ...priceLines(cart.lines),
          currency: 'USD',
          pricesIncludeTax: false,
          taxRate: 0,
          shippingOptions: [],
        },
      };
    }
    if (call.url === '/api/checkout')
      return {
        status: 201,
        body: {
          acknowledged: true,
          insertedId: 'order-7',
          order: buildOrder({ _id: 'order-7', email: 'grace@example.com', guest: true }),
          payment: { clientSecret: 'pi_sim_7_secret_x', gateway: 'simulated' },
          orderToken: 'guest-link-7',
        },
      };
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
});

describe('GuestOrSignIn', () => {
  it('offers a guest checkout with an email and a name, or signing in', async () => {
    const onGuest = vi.fn();
    const { user } = renderScreen(
      <GuestOrSignIn onGuest={onGuest} signInLink={<a href="/login">Sign in</a>} />,
    );
    expect(screen.getByRole('heading', { name: 'Check out as a guest' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Or sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    const proceed = screen.getByRole('button', { name: 'Continue as a guest' });
    expect(proceed).toBeDisabled();
    await user.type(screen.getByLabelText(/Email address/), 'grace-at-example');
    await user.type(screen.getByLabelText(/Your name/), 'Visit www.evil.example');
    await user.tab();
    expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
    expect(screen.getByText('A name cannot contain a web or email address')).toBeInTheDocument();
    expect(proceed).toBeDisabled();

    await user.clear(screen.getByLabelText(/Email address/));
    await user.type(screen.getByLabelText(/Email address/), '  grace@example.com ');
    await user.clear(screen.getByLabelText(/Your name/));
    await user.type(screen.getByLabelText(/Your name/), 'Grace Guest');
    await waitFor(() => expect(proceed).toBeEnabled());
    await user.click(proceed);
    await waitFor(() =>
      expect(onGuest).toHaveBeenCalledExactlyOnceWith({
        email: 'grace@example.com',
        name: 'Grace Guest',
      }),
    );
  });
});

describe('CheckoutForm for a guest', () => {
  it('sends the email and name without a sign-in, offers no address book, and keeps the order link', async () => {
    const onPlaced = vi.fn();
    const { user } = renderScreen(
      <CheckoutForm
        cart={cart}
        guest={{ email: 'grace@example.com', name: 'Grace Guest' }}
        savedAddress={null}
        lines={<p>the cart's lines</p>}
        editCartLink={null}
        payment={fakeCheckoutPayment().payment}
        onPlaced={onPlaced}
        onPaid={vi.fn()}
        onRefused={vi.fn()}
      />,
    );
    await user.type(await screen.findByLabelText(/Address/), '1 Chainring Road, Gearford');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Phone Number/), '+1 555 0100');
    const place = screen.getByRole('button', { name: 'Place order and pay' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() =>
      expect(onPlaced).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ _id: 'order-7' })),
    );

    const [sent] = calls.filter((call) => call.url === '/api/checkout');
    expect(sent?.body).toMatchObject({
      items: [{ partId: 'chain', quantity: 2 }],
      address: '1 Chainring Road, Gearford',
      number: '+1 555 0100',
      email: 'grace@example.com',
      name: 'Grace Guest',
    });
    expect(sent?.body).not.toHaveProperty('saveAddress');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.headers['idempotency-key']).toEqual(expect.any(String));
    expect(orderLinkOf('order-7')).toBe('guest-link-7');
    expect(orderLinkOfSecret('pi_sim_7_secret_x')).toBe('guest-link-7');
  });
});
