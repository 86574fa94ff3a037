import { act, screen, waitFor, within } from '@testing-library/react';
import type { Cart, CartLine } from '@sprocket/contract';
import type * as FirebaseAuth from '@firebase/auth';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, setAccessToken } from '../../../lib/api-client.js';
import { buildPart } from '../../../testing/data.js';
import { authSession } from '../../../testing/fake-firebase-auth.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { BROWSER_CART_KEY, readBrowserCart } from '../api/browser-cart.js';
import { AddToCart } from './add-to-cart.js';
import { CartNavButton } from './cart-nav-button.js';
import { CartScreen } from './cart-screen.js';
import { CartSync } from './cart-sync.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

// Part 1: minimum order 2, 41 in stock, $13.50; part 2: minimum 3, 42 in stock, $14.50.
const chain = buildPart(1, { productName: 'Velotrack CX12 Chain' });
const tape = buildPart(2, { productName: 'Halden Cork Bar Tape', quantity: 4 });
const catalogue = [chain, tape];

const keepInBrowser = (items: { partId: string; quantity: number }[]) =>
  localStorage.setItem(BROWSER_CART_KEY, JSON.stringify(items));

const lineOf = (name: string) => within(screen.getByRole('listitem', { name }) as HTMLElement);

function serverLine(fields: Partial<CartLine> & Pick<CartLine, 'partId' | 'quantity'>): CartLine {
  const part = catalogue.find((candidate) => candidate._id === fields.partId) ?? chain;
  return {
    partName: part.productName,
    img: part.img,
    price: part.price,
    lineTotal: part.price * fields.quantity,
    available: part.quantity,
    minimumOrder: part.order,
    exceedsStock: fields.quantity > part.quantity,
    ...fields,
  };
}

const serverCart = (lines: CartLine[]): Cart => ({
  lines,
  itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  subtotal: lines.reduce((sum, line) => sum + line.lineTotal, 0),
  canCheckout: lines.length > 0 && lines.every((line) => !line.message),
});

/**
 * The cart also asks for the shop's shipping methods (its estimate); these tests are about the
 * cart's own calls, so a shop without methods answers that one and it is left out of `calls`.
 */
function withoutShipping(
  respond: Parameters<typeof stubFetch>[0],
): Parameters<typeof stubFetch>[0] {
  return (call) => (call.url === '/api/shipping-methods' ? { body: [] } : respond(call));
}
const cartCalls = (all: FetchCall[]) => all.filter((call) => call.url !== '/api/shipping-methods');

let calls: FetchCall[];
let stored: Cart;
beforeEach(() => {
  authSession.signOut();
  stored = serverCart([]);
  calls = stubFetch(
    withoutShipping((call) => {
      if (call.url === '/api/cart/merge') {
        const items = (call.body as { items: { partId: string; quantity: number }[] }).items;
        stored = serverCart(items.map((item) => serverLine(item)));
      } else if (call.method === 'PUT') {
        const partId = decodeURIComponent(call.url.split('/').at(-1) ?? '');
        const { quantity } = call.body as { quantity: number };
        const others = stored.lines.filter((line) => line.partId !== partId);
        stored = serverCart([...others, serverLine({ partId, quantity })]);
      } else if (call.method === 'DELETE') {
        const partId = decodeURIComponent(call.url.split('/').at(-1) ?? '');
        stored = serverCart(stored.lines.filter((line) => line.partId !== partId));
      }
      return { body: stored };
    }),
  );
});

describe("a visitor's cart", () => {
  it('adds a part with its quantity to the browser, counts it in the bar, and says so', async () => {
    const { user } = renderScreen(
      <>
        <CartNavButton />
        <AddToCart part={chain} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Velotrack CX12 Chain' });
    expect(quantity).toHaveValue(2); // the minimum order

    await user.clear(quantity);
    await user.type(quantity, '1');
    expect(screen.getByText('Order at least 2')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Add to cart: Velotrack CX12 Chain' }),
    ).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Add to cart: Velotrack CX12 Chain' }));
    expect(await screen.findByText('3 × Velotrack CX12 Chain added to your cart')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(readBrowserCart()).toEqual([{ partId: 'part-1', quantity: 3 }]);
    // Adding again adds to the line.
    await user.click(screen.getByRole('button', { name: 'Add to cart: Velotrack CX12 Chain' }));
    await waitFor(() => expect(readBrowserCart()).toEqual([{ partId: 'part-1', quantity: 6 }]));
    expect(calls).toEqual([]);
  });

  it('closes its "added to your cart" toasts once the cart opens: they have done their job', async () => {
    function ShopThenCart() {
      const [inCart, setInCart] = useState(false);
      if (inCart) return <CartScreen catalogue={catalogue} />;
      return (
        <>
          <AddToCart part={chain} />
          <button type="button" onClick={() => setInCart(true)}>
            Open the cart
          </button>
        </>
      );
    }
    const { user } = renderScreen(<ShopThenCart />);
    await user.click(screen.getByRole('button', { name: 'Add to cart: Velotrack CX12 Chain' }));
    const toast = '2 × Velotrack CX12 Chain added to your cart';
    expect(await screen.findByText(toast)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Open the cart' }));
    expect(await screen.findByRole('listitem', { name: 'Velotrack CX12 Chain' })).toBeVisible();
    // Well before the toast's own five seconds are up.
    await waitFor(() => expect(screen.queryByText(toast)).not.toBeInTheDocument());
  });

  it('prices the lines from the catalogue, flags a line over the stock, changes and removes', async () => {
    keepInBrowser([
      { partId: 'part-1', quantity: 2 },
      { partId: 'part-2', quantity: 5 },
    ]);
    const { user } = renderScreen(<CartScreen catalogue={catalogue} />);

    expect(lineOf('Velotrack CX12 Chain').getByTestId('line-total')).toHaveTextContent('$27.00');
    const tapeLine = lineOf('Halden Cork Bar Tape');
    expect(tapeLine.getByTestId('line-total')).toHaveTextContent('$72.50');
    expect(tapeLine.getByRole('alert')).toHaveTextContent('Only 4 available');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$99.50');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(
      tapeLine.getByRole('button', { name: 'One less: Quantity of Halden Cork Bar Tape' }),
    );
    expect(lineOf('Halden Cork Bar Tape').queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$85.00');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

    await user.click(
      lineOf('Velotrack CX12 Chain').getByRole('button', { name: 'Remove Velotrack CX12 Chain' }),
    );
    expect(
      screen.queryByRole('listitem', { name: 'Velotrack CX12 Chain' }),
    ).not.toBeInTheDocument();
    expect(readBrowserCart()).toEqual([{ partId: 'part-2', quantity: 4 }]);

    await user.click(
      lineOf('Halden Cork Bar Tape').getByRole('button', { name: 'Remove Halden Cork Bar Tape' }),
    );
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });
});

describe("a customer's cart", () => {
  it('comes from the server, and every change goes there', async () => {
    authSession.signIn();
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-token-1');
    stored = serverCart([serverLine({ partId: 'part-1', quantity: 2 })]);
    const { user } = renderScreen(
      <>
        <CartNavButton />
        <CartScreen catalogue={undefined} />
      </>,
    );

    const chainLine = await screen.findByRole('listitem', { name: 'Velotrack CX12 Chain' });
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await user.click(within(chainLine).getByRole('button', { name: /One more/ }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument(),
    );
    await user.click(within(chainLine).getByRole('button', { name: /Remove/ }));
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(cartCalls(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/cart',
      'PUT /api/cart/items/part-1',
      'DELETE /api/cart/items/part-1',
    ]);
    expect(cartCalls(calls)[1]?.body).toEqual({ quantity: 3 });
  });

  it('that cannot be read says so with Retry, which reads it again', async () => {
    authSession.signIn();
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-token-1');
    stored = serverCart([serverLine({ partId: 'part-1', quantity: 2 })]);
    let reachable = false;
    calls = stubFetch(
      withoutShipping(() =>
        reachable
          ? { body: stored }
          : {
              status: 503,
              body: {
                error: { code: 'unavailable', message: 'The shop cannot be reached just now' },
              },
            },
      ),
    );
    const { user } = renderScreen(<CartScreen catalogue={undefined} />);

    // The cart's own alert, beside the error toast every failed read gets.
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent(
      'The shop cannot be reached just now',
    );
    reachable = true;
    await user.click(retry);
    expect(await screen.findByRole('listitem', { name: 'Velotrack CX12 Chain' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(cartCalls(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/cart',
      'GET /api/cart',
    ]);
  });

  it("joins the visitor's browser cart at sign-in and empties the browser's", async () => {
    keepInBrowser([{ partId: 'part-2', quantity: 3 }]);
    // Signed in to Firebase, but the API's token is not there yet: nothing is asked of the API.
    authSession.signIn();
    renderScreen(
      <>
        <CartSync />
        <CartNavButton />
        <CartScreen catalogue={undefined} />
      </>,
    );

    expect(screen.getByRole('progressbar', { name: 'Loading your cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(calls).toEqual([]);

    act(() => setAccessToken('access-token-1'));
    expect(await screen.findByRole('listitem', { name: 'Halden Cork Bar Tape' })).toBeVisible();
    expect(calls.find((call) => call.url === '/api/cart/merge')?.body).toEqual({
      items: [{ partId: 'part-2', quantity: 3 }],
    });
    expect(localStorage.getItem(BROWSER_CART_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it('keeps the merged cart when a read sent before the merge answers after it', async () => {
    keepInBrowser([{ partId: 'part-2', quantity: 3 }]);
    authSession.signIn();
    // The stored cart is read (still empty) before the merge lands, and that answer is slow.
    let mergeAnswered!: () => void;
    const merged = new Promise<void>((resolve) => (mergeAnswered = resolve));
    calls = stubFetch(
      withoutShipping(async (call) => {
        if (call.url === '/api/cart/merge') {
          const { items } = call.body as { items: { partId: string; quantity: number }[] };
          stored = serverCart(items.map((item) => serverLine(item)));
          setTimeout(mergeAnswered, 0);
          return { body: stored };
        }
        const before = stored;
        await merged;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { body: before };
      }),
    );
    renderScreen(
      <>
        <CartSync />
        <CartNavButton />
        <CartScreen catalogue={undefined} />
      </>,
    );

    act(() => setAccessToken('access-token-1'));
    expect(await screen.findByRole('listitem', { name: 'Halden Cork Bar Tape' })).toBeVisible();
    expect(cartCalls(calls).map((call) => `${call.method} ${call.url}`)).toContain('GET /api/cart');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('listitem', { name: 'Halden Cork Bar Tape' })).toBeVisible();
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });
});

describe('a part sold in variants', () => {
  const tyre = {
    ...buildPart(7, { productName: 'Road tyre', order: 1, quantity: 10 }),
    options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
    variants: [
      { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, quantity: 6 },
      { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: 4 },
    ],
  };

  it('is chosen on its page: a card links there instead of adding it', () => {
    renderScreen(<AddToCart part={tyre} />);
    expect(screen.getByRole('link', { name: 'Choose size of Road tyre' })).toHaveAttribute(
      'href',
      '/parts/part-7',
    );
    expect(screen.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
  });

  it("prices a visitor's line of one size at that size's price and stock", async () => {
    localStorage.setItem(
      BROWSER_CART_KEY,
      JSON.stringify([{ partId: tyre._id, quantity: 5, sku: 'TYRE-32' }]),
    );
    renderScreen(<CartScreen catalogue={[tyre]} />);
    const line = await screen.findByRole('listitem', { name: 'Road tyre (700x32c)' });
    expect(within(line).getByText('$42.99 each · Available: 4 · Min Order: 1')).toBeVisible();
    expect(within(line).getByText('Only 4 available')).toBeVisible();
  });

  it("says why a visitor's size is no longer sold, as the server does, and takes it out", async () => {
    localStorage.setItem(
      BROWSER_CART_KEY,
      JSON.stringify([
        { partId: tyre._id, quantity: 1, sku: 'TYRE-40' },
        { partId: 'part-1', quantity: 2, sku: 'CHAIN-1' },
      ]),
    );
    const { user } = renderScreen(<CartScreen catalogue={[tyre, chain]} />);
    const line = await screen.findByRole('listitem', { name: 'Road tyre' });
    expect(within(line).getByRole('alert')).toHaveTextContent('Road tyre has no variant TYRE-40');
    expect(lineOf('Velotrack CX12 Chain').getByRole('alert')).toHaveTextContent(
      'Velotrack CX12 Chain has no variants: leave the sku out',
    );
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('aria-disabled', 'true');

    // The line keeps the sku it was stored with, so Remove finds it.
    await user.click(within(line).getByRole('button', { name: 'Remove Road tyre' }));
    expect(screen.queryByRole('listitem', { name: 'Road tyre' })).not.toBeInTheDocument();
    expect(readBrowserCart()).toEqual([{ partId: 'part-1', quantity: 2, sku: 'CHAIN-1' }]);
  });
});
