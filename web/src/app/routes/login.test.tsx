import { screen, waitFor } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import type { CataloguePart } from '@sprocket/contract';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import LoginRoute from './login.js';
import PurchaseRoute from './purchase.js';
import { BROWSER_CART_KEY } from '../../features/cart/api/browser-cart.js';
import { authSession } from '../../testing/fake-firebase-auth.js';
import { buildCataloguePart } from '../../testing/data.js';
import { renderRoutes, stubFetch } from '../../testing/render.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

/** A road tyre in three widths: the 40 mm one sold out. */
const tyre: CataloguePart = buildCataloguePart(7, {
  _id: 'tyre',
  productName: 'Road tyre',
  order: 1,
  options: [{ name: 'Size', values: ['700x28c', '700x32c', '700x40c'] }],
  variants: [
    { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, quantity: 6 },
    { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: 4 },
    { sku: 'TYRE-40', options: { Size: '700x40c' }, price: 4599, quantity: 0 },
  ],
});
const chain = buildCataloguePart(1, { _id: 'chain', productName: 'Chain', order: 2 });

function Where() {
  return <p>Now at {useLocation().pathname}</p>;
}

/** Buy Now's address, opened by a visitor who is not signed in. */
const buyNow = (path: string) =>
  renderRoutes(
    [
      { path: '/purchase/:id', element: <PurchaseRoute /> },
      { path: '/login', element: <LoginRoute /> },
      { path: '/checkout', element: <Where /> },
    ],
    { path },
  );

const browserCart = () => JSON.parse(localStorage.getItem(BROWSER_CART_KEY) ?? '[]') as unknown;

beforeEach(() => {
  authSession.signOut();
  localStorage.clear();
  stubFetch(({ url }) => {
    if (url.endsWith('/parts/tyre')) return { body: tyre };
    if (url.endsWith('/parts/chain')) return { body: chain };
    return { status: 404, body: { error: { code: 'not_found', message: 'No such part' } } };
  });
});

describe('Login, coming from Buy Now (issue 35 item 1, decision 085)', () => {
  it('offers to continue as a guest: the size and quantity chosen go into the cart, then the checkout', async () => {
    const { user } = buyNow('/purchase/tyre?sku=TYRE-32&quantity=2');
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buy without an account' })).toBeInTheDocument();
    expect(await screen.findByText('2 × Road tyre (700x32c)')).toBeInTheDocument();
    // Signing in is still there, and goes back to the purchase page.
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));

    expect(await screen.findByText('Now at /checkout')).toBeInTheDocument();
    expect(browserCart()).toEqual([{ partId: 'tyre', quantity: 2, sku: 'TYRE-32' }]);
  });

  it("gives that line the quantity chosen and keeps the cart's other lines", async () => {
    localStorage.setItem(
      BROWSER_CART_KEY,
      JSON.stringify([
        { partId: 'chain', quantity: 2 },
        { partId: 'tyre', quantity: 3, sku: 'TYRE-32' },
      ]),
    );
    const { user } = buyNow('/purchase/tyre?sku=TYRE-32');
    expect(await screen.findByText('1 × Road tyre (700x32c)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
    await screen.findByText('Now at /checkout');
    expect(browserCart()).toEqual([
      { partId: 'chain', quantity: 2 },
      { partId: 'tyre', quantity: 1, sku: 'TYRE-32' },
    ]);
  });

  it('starts at the minimum order when the quantity named cannot be had', async () => {
    buyNow('/purchase/chain?quantity=500');
    expect(await screen.findByText('2 × Chain')).toBeInTheDocument();
  });

  it('asks for the size first when Buy Now named none, and says when the size is sold out', async () => {
    const { unmount } = buyNow('/purchase/tyre');
    expect(
      await screen.findByText(/Choose the size of Road tyre on/, { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'its page' })).toHaveAttribute('href', '/parts/tyre');
    expect(screen.queryByRole('button', { name: 'Continue as guest' })).not.toBeInTheDocument();
    unmount();
    buyNow('/purchase/tyre?sku=TYRE-40');
    expect(await screen.findByText('This part is sold out for now.')).toBeInTheDocument();
  });

  it('offers nothing of the kind on a Login opened from anywhere else', async () => {
    renderRoutes([{ path: '/login', element: <LoginRoute /> }], { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Buy without an account' })).toBeNull(),
    );
  });
});
