/** The private link's page of a guest's order (docs/decisions/066 and 080). */
import { screen, waitFor } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { guestClaimMessages } from '@sprocket/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../lib/api-client.js';
import { buildOrder } from '../../testing/data.js';
import { authSession, fakeUser } from '../../testing/fake-firebase-auth.js';
import { renderRoutes, stubFetch, type FetchCall } from '../../testing/render.js';
import { paths } from '../../config/paths.js';
import { orderLinkOf } from '../../lib/order-links.js';
import OrderLinkRoute from './order-link.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

type Answer = { status?: number; body?: unknown };
let answers: Record<string, Answer>;
let calls: FetchCall[];

beforeEach(() => {
  sessionStorage.clear();
  // Nobody signed in unless a test says so.
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  authSession.signOut();
  answers = {
    'GET /api/ordered/order-1': { body: buildOrder({ email: 'grace@example.com' }) },
    'POST /api/create-payment-intent': {
      body: { clientSecret: 'pi_sim_1_secret_abc', gateway: 'simulated' },
    },
    'POST /api/payments/simulated/confirm': {
      body: { status: 'succeeded', transactionId: 'pi_sim_1' },
    },
    'PATCH /api/ordered/order-1': {
      body: {
        acknowledged: true,
        modifiedCount: 1,
        order: buildOrder({ paid: true, status: 'paid', transactionId: 'pi_sim_1' }),
      },
    },
  };
  calls = stubFetch((call) => {
    const answer = answers[`${call.method} ${call.url}`];
    if (!answer) throw new Error(`unexpected ${call.method} ${call.url}`);
    return answer;
  });
});

const open = (path: string) =>
  renderRoutes(
    [
      { path: paths.orderLink.path, element: <OrderLinkRoute /> },
      { path: paths.orderConfirmation.path, element: <p>Confirmation page</p> },
    ],
    { path },
  );

describe('the order page of a private link', () => {
  it("keeps the mailed link's token, takes it out of the address, and reads and pays the order with it only", async () => {
    const { router, user } = open('/checkout/order/order-1#token=link-token-1');
    expect(await screen.findByTestId('order-number')).toHaveTextContent('ORDER-1');
    expect(orderLinkOf('order-1')).toBe('link-token-1');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(screen.getByRole('heading', { level: 1, name: 'Your order' })).toBeInTheDocument();
    expect(screen.getAllByText('Not Paid').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Timeline' })).toBeInTheDocument();

    // Pays with the simulated gateway's card field, every call with the link and no sign-in.
    await screen.findByLabelText('Card number');
    await user.click(screen.getByLabelText('Card number'));
    await user.paste('4242424242424242');
    await user.click(screen.getByLabelText('Expiry'));
    await user.paste('1234');
    await user.click(screen.getByLabelText('CVC'));
    await user.paste('123');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Confirmation page')).toBeInTheDocument();

    const orderCalls = calls.filter((call) => call.url !== '/api/shipping-methods');
    expect(orderCalls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/ordered/order-1',
      'POST /api/create-payment-intent',
      'POST /api/payments/simulated/confirm',
      'PATCH /api/ordered/order-1',
    ]);
    for (const call of orderCalls) {
      expect(call.headers['x-order-token']).toBe('link-token-1');
      expect(call.headers.authorization).toBeUndefined();
    }
  });

  it("says so when the link is not valid or has expired, in the API's words", async () => {
    answers['GET /api/ordered/order-1'] = {
      status: 401,
      body: {
        error: { code: 'unauthenticated', message: 'This order link is not valid or has expired' },
      },
    };
    open('/checkout/order/order-1#token=old-token');
    expect(
      await screen.findByText('This order link is not valid or has expired'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('without a link, points to the email and My Orders and asks the API nothing', async () => {
    open('/checkout/order/order-1');
    expect(
      await screen.findByText(/Open this page with the link in your order's email/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrder',
    );
    expect(calls).toEqual([]);
  });
});

describe('a guest order opened while signed in (docs/decisions/080)', () => {
  const EMAIL = 'grace@example.com';
  const signIn = (email: string, emailVerified: boolean) => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-token');
    authSession.signIn(fakeUser({ email, emailVerified }));
  };
  const guestOrder = buildOrder({ email: EMAIL, guest: true });

  beforeEach(() => {
    answers['GET /api/ordered/order-1'] = { body: guestOrder };
  });

  it('offers a verified account at its address to add it to My Orders, with the link as proof', async () => {
    signIn('Grace@Example.com', true);
    answers['POST /api/ordered/order-1/claim'] = {
      body: { acknowledged: true, claimed: true, order: { ...guestOrder, guest: undefined } },
    };
    const { user } = open('/checkout/order/order-1#token=link-token-1');
    expect(
      await screen.findByText(
        `This order was placed with your address, ${EMAIL}. Add it to My Orders if it is yours.`,
      ),
    ).toBeInTheDocument();
    // Nothing is claimed until they ask.
    expect(calls.some((call) => call.url.endsWith('/claim'))).toBe(false);
    answers['GET /api/ordered/order-1'] = { body: { ...guestOrder, guest: undefined } };
    await user.click(screen.getByRole('button', { name: 'Add to My Orders' }));

    expect(await screen.findByText('This order is now in My Orders.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'My Orders' })[0]).toHaveAttribute(
      'href',
      '/dashboard/myOrder',
    );
    const claim = calls.find((call) => call.url === '/api/ordered/order-1/claim');
    expect(claim).toMatchObject({
      method: 'POST',
      body: { orderToken: 'link-token-1' },
      headers: { authorization: 'Bearer access-token' },
    });
    expect(claim?.headers['x-order-token']).toBeUndefined();
  });

  it("says in the API's words why a claim was refused", async () => {
    signIn(EMAIL, true);
    answers['POST /api/ordered/order-1/claim'] = {
      status: 403,
      body: { error: { code: 'forbidden', message: guestClaimMessages.otherAccount } },
    };
    const { user } = open('/checkout/order/order-1#token=link-token-1');
    await user.click(await screen.findByRole('button', { name: 'Add to My Orders' }));
    expect(await screen.findByText(guestClaimMessages.otherAccount)).toBeInTheDocument();
  });

  it('asks an unverified account at its address to verify first, and offers nothing', async () => {
    signIn(EMAIL, false);
    open('/checkout/order/order-1#token=link-token-1');
    expect(await screen.findByText(guestClaimMessages.unverified)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to My Orders' })).not.toBeInTheDocument();
  });

  it('offers nothing to another address, nor for an order that is an account’s already', async () => {
    signIn('someone@example.com', true);
    const view = open('/checkout/order/order-1#token=link-token-1');
    expect(await screen.findByTestId('order-number')).toHaveTextContent('ORDER-1');
    expect(screen.queryByRole('button', { name: 'Add to My Orders' })).not.toBeInTheDocument();
    view.unmount();

    signIn(EMAIL, true);
    answers['GET /api/ordered/order-1'] = { body: buildOrder({ email: EMAIL }) };
    open('/checkout/order/order-1#token=link-token-1');
    expect(await screen.findByTestId('order-number')).toHaveTextContent('ORDER-1');
    expect(screen.queryByRole('button', { name: 'Add to My Orders' })).not.toBeInTheDocument();
  });
});
