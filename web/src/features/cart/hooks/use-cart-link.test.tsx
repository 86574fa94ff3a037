import { screen, waitFor } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPart } from '../../../testing/data.js';
import { authSession } from '../../../testing/fake-firebase-auth.js';
import { renderRoutes, stubFetch } from '../../../testing/render.js';
import { readBrowserCart } from '../api/browser-cart.js';
import { useCartLink } from './use-cart-link.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

// Minimum order 2, 41 in stock.
const chain = buildPart(1, { productName: 'Velotrack CX12 Chain' });

function CartPage() {
  useCartLink([chain]);
  return <p>The cart</p>;
}

const openCart = (search: string) => {
  const view = renderRoutes([{ path: '/cart', element: <CartPage /> }], { path: `/cart${search}` });
  return view;
};

beforeEach(() => {
  authSession.signOut();
  stubFetch(() => ({ status: 500, body: { error: {} } }));
});

describe('a cart link (Add to cart sent before the page hydrated)', () => {
  it('adds the part once, says so, and takes the query off the address', async () => {
    const { router } = openCart('?add=part-1&quantity=3');
    expect(await screen.findByText('3 × Velotrack CX12 Chain added to your cart')).toBeVisible();
    expect(readBrowserCart()).toEqual([{ partId: 'part-1', quantity: 3 }]);
    expect(router.state.location.search).toBe('');
  });

  it('refuses a quantity the part does not allow, and a part the catalogue does not know', async () => {
    openCart('?add=part-1&quantity=1');
    expect(await screen.findByText('Velotrack CX12 Chain: Order at least 2')).toBeVisible();
    openCart('?add=gone&quantity=1');
    expect(await screen.findByText('That part is no longer in the catalogue')).toBeVisible();
    await waitFor(() => expect(readBrowserCart()).toEqual([]));
  });
});
