import { screen, waitFor, within } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import type { CataloguePart } from '@sprocket/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PartRoute from './part.js';
import { buildCataloguePart } from '../../testing/data.js';
import { renderRoutes, stubFetch } from '../../testing/render.js';
import { BROWSER_CART_KEY } from '../../features/cart/api/browser-cart.js';
import { ACCESS_TOKEN_KEY } from '../../lib/api-client.js';
import { authSession, fakeUser } from '../../testing/fake-firebase-auth.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

const CUSTOMER = 'customer@sprocket.test';

/** A road tyre in three widths: the 40 mm one sold out. */
const tyre: CataloguePart = buildCataloguePart(7, {
  _id: 'tyre',
  productName: 'Road tyre',
  category: 'wheels-and-tyres',
  order: 1,
  price: 3999,
  quantity: 10,
  options: [{ name: 'Size', values: ['700x28c', '700x32c', '700x40c'] }],
  variants: [
    { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, quantity: 6 },
    { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: 4 },
    { sku: 'TYRE-40', options: { Size: '700x40c' }, price: 4599, quantity: 0 },
  ],
});

function openProductPage(path = '/parts/tyre') {
  const calls = stubFetch(({ url, body }) => {
    if (url.endsWith('/parts/tyre')) return { body: tyre };
    if (url.includes('/reviews')) return { body: [] };
    if (url.endsWith('/parts/tyre/alerts')) {
      const { email } = body as { email?: string };
      // Signed in: the account's address, verified.
      if (email === undefined) return { status: 201, body: { state: 'waiting', email: CUSTOMER } };
      if (!email.includes('@')) {
        const error = { code: 'validation_failed', message: 'Email is not valid' };
        return { status: 422, body: { error: { ...error, fields: { email: error.message } } } };
      }
      return { status: 201, body: { state: 'confirm', email } };
    }
    if (url.endsWith('/parts/tyre/related')) return { body: { fits: [], related: [] } };
    return { body: { counted: true } };
  });
  return { calls, ...renderRoutes([{ path: '/parts/:id', element: <PartRoute /> }], { path }) };
}

describe('the product page of a part sold in variants', () => {
  beforeEach(() => {
    localStorage.clear();
    authSession.signOut();
  });

  it('starts on the first size in stock, shows its price and stock, and marks a sold-out size', async () => {
    openProductPage();
    expect(await screen.findByText('Price per unit: $39.99')).toBeInTheDocument();
    expect(screen.getByTestId('part-available')).toHaveTextContent('6');
    expect(screen.getByRole('button', { name: '700x28c' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '700x40c, sold out' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('offers a sold-out size "Email me when it\'s back", for a guest\'s address, of that size', async () => {
    const { user, calls } = openProductPage();
    await user.click(await screen.findByRole('button', { name: '700x40c, sold out' }));
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: "Email me when it's back" }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    // The API's message, from the contract's schema, under the field.
    expect(await screen.findByText('Email is not valid')).toBeVisible();
    await user.clear(email);
    await user.type(email, 'rider@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText(
        'Almost there: open the link we sent to rider@example.com to confirm your address.',
      ),
    ).toBeVisible();
    expect(calls.filter((call) => call.url.endsWith('/alerts')).at(-1)).toMatchObject({
      method: 'POST',
      body: { email: 'rider@example.com', sku: 'TYRE-40' },
    });
  });

  it('takes a signed-in customer’s own address for a sold-out size, in one press', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-token');
    authSession.signIn(fakeUser({ email: CUSTOMER }));
    const { user, calls } = openProductPage('/parts/tyre?sku=TYRE-40');
    await user.click(await screen.findByRole('button', { name: "Email me when it's back" }));
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.getByText(`We will email ${CUSTOMER} once, when it's back.`)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText(`Done: we will email ${CUSTOMER} once, when it's back.`),
    ).toBeVisible();
    expect(calls.filter((call) => call.url.endsWith('/alerts')).at(-1)).toMatchObject({
      body: { sku: 'TYRE-40' },
      headers: { authorization: 'Bearer access-token' },
    });
  });

  it("shows the picked size's price and stock, and adds that variant to the cart", async () => {
    const { user } = openProductPage();
    await user.click(await screen.findByRole('button', { name: '700x32c' }));
    expect(screen.getByText('Price per unit: $42.99')).toBeInTheDocument();
    expect(screen.getByTestId('part-available')).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      '/purchase/tyre?sku=TYRE-32',
    );
    await user.click(screen.getByRole('button', { name: 'Add to cart: Road tyre (700x32c)' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(BROWSER_CART_KEY) ?? '[]')).toEqual([
        { partId: 'tyre', quantity: 1, sku: 'TYRE-32' },
      ]),
    );
    expect(await screen.findByText('1 × Road tyre (700x32c) added to your cart')).toBeVisible();
  });

  it('sends Buy Now to the purchase page with the size and the quantity chosen (decision 085)', async () => {
    const { user } = openProductPage();
    await user.click(await screen.findByRole('button', { name: '700x32c' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Road tyre (700x32c)' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      '/purchase/tyre?sku=TYRE-32&quantity=2',
    );
    // More than the size holds: Buy Now goes without a quantity, as the field says what is wrong.
    await user.type(quantity, '0');
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      '/purchase/tyre?sku=TYRE-32',
    );
  });

  it('opens on the size a link names', async () => {
    openProductPage('/parts/tyre?sku=TYRE-32');
    expect(await screen.findByText('Price per unit: $42.99')).toBeInTheDocument();
  });
});

describe('the product page’s breadcrumbs', () => {
  it('lead from Home through All Parts and the part’s category to the part, which is no link', async () => {
    openProductPage();
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const links = within(trail).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['All Parts', '/parts'],
      ['Wheels and tyres', '/parts?category=wheels-and-tyres'],
    ]);
    expect(within(trail).getByText('Road tyre')).toHaveAttribute('aria-current', 'page');
  });
});

describe('below the part: the parts that fit it and related parts (decision 106)', () => {
  it('shows each row the API answers as tiles that lead to their pages, and no empty row', async () => {
    const rim = buildCataloguePart(8, { _id: 'rim', productName: '700c disc rim', price: 8999 });
    stubFetch(({ url }) => {
      if (url.endsWith('/parts/tyre')) return { body: tyre };
      if (url.includes('/reviews')) return { body: [] };
      if (url.endsWith('/parts/tyre/related')) return { body: { fits: [rim], related: [] } };
      return { body: { counted: true } };
    });
    renderRoutes([{ path: '/parts/:id', element: <PartRoute /> }], { path: '/parts/tyre' });
    const fits = await screen.findByRole('region', { name: 'Fits with this part' });
    expect(within(fits).getByRole('link', { name: '700c disc rim' })).toHaveAttribute(
      'href',
      '/parts/rim',
    );
    expect(within(fits).getByText('$89.99')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Related parts' })).not.toBeInTheDocument();
    // One Buy Now on the page: the tiles have no buying controls.
    expect(screen.getAllByRole('link', { name: /Buy Now/ })).toHaveLength(1);
  });
});
