/**
 * Buy Now for everyone (issue 35 item 1, docs/decisions/085): a visitor who is not signed in
 * picks a size and a quantity on a product page and taps Buy Now; Login offers "Continue as
 * guest", which puts that size in that quantity in the cart and opens the checkout, where the
 * guest gives an address and places the order. A signed-in customer's Buy Now keeps the purchase
 * page, starting at the quantity chosen. At both widths, every screen checked by axe and the
 * layout checks.
 */
import type { Order } from '@sprocket/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  POLL,
  screenshot,
  SHOP_URL,
  VIEWPORTS,
  type ViewportName,
  visit,
} from './support/browser.js';
import {
  ADMIN,
  addSizedTyre,
  customerOverHttp,
  enterTestCard,
  freshAccount,
  logIn,
  removePart,
  signInOverHttp,
  type SizedTyre,
  uniqueId,
} from './support/shop.js';

let browser: Browser;
let adminToken: string;
/** A tyre in two sizes, added for this journey and deleted after it. */
let tyre: SizedTyre;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
  tyre = await addSizedTyre(adminToken, 'Buy-now tyre', 'BUY', 20);
});
afterAll(async () => {
  if (tyre) await removePart(adminToken, tyre.id);
  await browser?.close();
});

describe('Buy Now', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`lets a guest buy the size and quantity chosen, through the checkout (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string) => screenshot(page, `guest-buy-now-${step}-${viewport}`);
      const email = `buy-now-${viewport}-${uniqueId()}@example.com`;

      await visit(page, `/parts/${tyre.id}`);
      await page.getByRole('button', { name: '32c', exact: true }).click();
      const quantity = page.getByRole('spinbutton', { name: `Quantity of ${tyre.name} (32c)` });
      await quantity.fill('2');
      await page.getByRole('link', { name: 'Buy Now' }).click();

      // Not signed in: Login, which offers to go on as a guest with what Buy Now chose.
      await page.waitForURL('**/login');
      await page.getByRole('heading', { level: 1, name: 'Please Login' }).waitFor();
      const guest = page.getByRole('region', { name: 'Buy without an account' });
      await guest.getByText(`2 × ${tyre.name} (32c)`, { exact: true }).waitFor();
      await shot('login');
      await guest.getByRole('button', { name: 'Continue as guest' }).click();

      // The checkout, with the size and the quantity in the cart.
      await page.waitForURL('**/checkout');
      const contact = page.getByRole('form', { name: 'Guest checkout' });
      await contact.getByLabel(/^Email address/).fill(email);
      await contact.getByLabel(/^Your name/).fill('Bea Buyer');
      await contact.getByRole('button', { name: 'Continue as a guest' }).click();
      const line = page.getByRole('listitem', { name: `${tyre.name} (32c)` });
      await line.waitFor();
      expect(await line.getByRole('textbox').inputValue()).toBe('2');
      expect(await page.getByTestId('cart-line').count()).toBe(1);
      const checkout = page.getByRole('form', { name: 'Checkout' });
      await checkout.getByLabel(/^Address/).fill('1 Chainring Road, Gearford');
      await checkout.getByLabel(/^Phone Number/).fill('+1 555 0100');
      await checkout.getByLabel(/^Country/).selectOption('US');
      const placeOrder = checkout.getByRole('button', { name: 'Place order and pay' });
      await expect.poll(() => placeOrder.isEnabled(), POLL).toBe(true);
      await enterTestCard(checkout.getByRole('region', { name: 'Payment' }), '4242 4242 4242 4242');
      await shot('checkout');
      // Placed and paid in one step: on to the confirmation.
      await placeOrder.click();
      await page.waitForURL(/\/checkout\/[^/]+\/done$/);
      await page.getByText('Thank you! Your order is paid.', { exact: true }).waitFor();
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-2) ?? '');
      const order = await fetch(`${SHOP_URL}/api/ordered/${orderId}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      }).then((response) => response.json() as Promise<Order>);
      expect(order).toMatchObject({ email, userName: 'Bea Buyer' });
      expect(order.lines).toMatchObject([
        { partId: tyre.id, sku: tyre.sku('32c'), variant: '32c', quantity: 2 },
      ]);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`keeps the purchase page for a customer, at the quantity chosen (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const account = freshAccount(`buy-now-${viewport}`);
      await customerOverHttp(account);
      await visit(page, '/login');
      await logIn(page, account);

      await visit(page, `/parts/${tyre.id}`);
      await page.getByRole('button', { name: '28c', exact: true }).click();
      await page.getByRole('spinbutton', { name: `Quantity of ${tyre.name} (28c)` }).fill('3');
      await page.getByRole('link', { name: 'Buy Now' }).click();

      await page.waitForURL(`**/purchase/${tyre.id}?sku=${tyre.sku('28c')}&quantity=3`);
      const form = page.getByRole('form', { name: 'Order form' });
      await form.getByRole('button', { name: 'Add to Cart' }).waitFor();
      expect(await form.getByLabel('Product Name').inputValue()).toBe(`${tyre.name} (28c)`);
      expect(await form.getByLabel('Order Quantity').inputValue()).toBe('3');
      await screenshot(page, `guest-buy-now-purchase-${viewport}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
