/**
 * Variants (issue 25 item 1, docs/decisions/064): the owner adds a road tyre in three sizes on Add
 * Product, each with its sku, price and stock; a customer opens its product page, sees the sold-out
 * size crossed out and disabled, picks another, sees its price and stock, adds it to the cart and
 * checks out; the order names the size and that size's stock went down. At both widths, every
 * screen checked by axe and the layout checks. The parts it adds are deleted after, so the other
 * journeys, which buy "a part in stock" without a size, never meet them.
 */
import type { CataloguePart, Order } from '@sprocket/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  SHOP_URL,
  VIEWPORTS,
  type ViewportName,
  visit,
  POLL,
} from './support/browser.js';
import {
  ADMIN,
  clickDashboardMenu,
  customerOverHttp,
  enterTestCard,
  expectToast,
  freshAccount,
  getOrderOverHttp,
  listParts,
  logIn,
  signInOverHttp,
  uniqueId,
} from './support/shop.js';

let browser: Browser;
let adminToken: string;
const added: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
});
afterAll(async () => {
  for (const id of added) {
    await fetch(`${SHOP_URL}/api/parts/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });
  }
  await browser?.close();
});

describe('a part sold in variants', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`is added with its sizes, and a customer buys one size (${viewport})`, async () => {
      const admin = (await openPage(browser, viewport)).page;
      const page = (await openPage(browser, viewport)).page;
      const shot = (step: string, fullPage = true) =>
        screenshot(page, `variants-${step}-${viewport}`, { fullPage });
      const name = `Road tyre ${uniqueId().slice(-5)}`;
      const sku = (size: string) => `${name.replace(/\W+/g, '-')}-${size}`;

      // The owner adds the tyre: an option Size with three values, one row per value.
      await visit(admin, '/login');
      await logIn(admin, ADMIN);
      await visit(admin, '/dashboard');
      await clickDashboardMenu(admin, 'Add Product');
      await admin.waitForURL('**/dashboard/addProducts');
      const form = admin.getByRole('form', { name: 'Add product' });
      await form.getByLabel('Product Name').fill(name);
      await form.getByRole('combobox', { name: 'Category' }).press('Enter');
      await admin.getByRole('option', { name: 'Wheels and tyres' }).click();
      await form.getByLabel('Image URL').fill('/parts/halden-cork-bar-tape.svg');
      await form.getByLabel('Min Order').fill('1');
      await form.getByLabel('Description').fill('A folding road tyre in three widths.');
      await form.getByRole('button', { name: 'Add option' }).click();
      await form.getByLabel(/^Option name/).fill('Size');
      await form.getByLabel(/^Values, separated by commas/).fill('28c, 32c, 40c');
      const rows: [string, string, string][] = [
        ['28c', '39.99', '6'],
        ['32c', '42.99', '4'],
        ['40c', '45.99', '0'],
      ];
      for (const [size, price, stock] of rows) {
        await form.getByLabel(new RegExp(`^SKU of ${size}`)).fill(sku(size));
        await form.getByLabel(new RegExp(`^Price of ${size}`)).fill(price);
        await form.getByLabel(new RegExp(`^Stock of ${size}`)).fill(stock);
      }
      const addProduct = form.getByRole('button', { name: 'Add Product' });
      await expect.poll(() => addProduct.isEnabled(), POLL).toBe(true);
      await screenshot(admin, `variants-add-product-${viewport}`, { fullPage: true });
      await addProduct.click();
      await expectToast(admin, 'Product added successfully!');

      const tyre = (await listParts()).find((part) => part.productName === name) as
        CataloguePart | undefined;
      if (!tyre) throw new Error('The tyre was not added');
      added.push(tyre._id);
      expect(tyre).toMatchObject({ price: 3999, quantity: 10 });

      // A customer opens the tyre's page: 28c first, 40c sold out.
      const account = freshAccount(`variants-${viewport}`);
      const { accessToken } = await customerOverHttp(account);

      // Before the page's scripts have run, a size is a link to that size's page, which the
      // server renders (docs/decisions/058).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await page.goto(`/parts/${tyre._id}`, { waitUntil: 'commit' });
      await page
        .getByTestId('variant-picker')
        .getByRole('link', { name: '32c', exact: true })
        .click();
      await page.waitForURL(/\?sku=/, { waitUntil: 'commit' });
      await page.getByText('Price per unit: $42.99', { exact: true }).waitFor();
      release();
      await page.unroute('**/assets/*.js');

      await visit(page, '/login');
      await logIn(page, account);
      await visit(page, `/parts/${tyre._id}`);
      const picker = page.getByTestId('variant-picker');
      await picker.getByRole('button', { name: '40c, sold out' }).waitFor();
      expect(
        await picker.getByRole('button', { name: '40c, sold out' }).getAttribute('aria-pressed'),
      ).toBe('false');
      await page.getByText('Price per unit: $39.99', { exact: true }).waitFor();
      await shot('product-page');

      // 32c: its price and stock, into the cart.
      await picker.getByRole('button', { name: '32c', exact: true }).click();
      await page.getByText('Price per unit: $42.99', { exact: true }).waitFor();
      expect(await page.getByTestId('part-available').textContent()).toBe('4');
      await page.getByRole('button', { name: `Add to cart: ${name} (32c)` }).click();
      await expectToast(page, `1 × ${name} (32c) added to your cart`);
      await shot('product-page-32c', false);

      await visit(page, '/cart');
      await page.getByText(`${name} (32c)`, { exact: true }).waitFor();
      await shot('cart');

      // Checkout and pay.
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL('**/checkout');
      const checkout = page.getByRole('form', { name: 'Checkout' });
      await checkout.getByLabel(/^Address/).fill('1 Sunset Boulevard, Los Angeles');
      await checkout.getByLabel(/^Phone Number/).fill('+1 310 555 0100');
      await checkout.getByLabel(/^Country/).selectOption('US');
      const placeOrder = checkout.getByRole('button', { name: 'Place order and pay' });
      await expect.poll(() => placeOrder.isEnabled(), POLL).toBe(true);
      // Placed and paid in one step.
      await enterTestCard(checkout.getByRole('region', { name: 'Payment' }), '4242 4242 4242 4242');
      await placeOrder.click();
      await page.waitForURL(/\/checkout\/[^/]+\/done$/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-2) ?? '');
      await page.getByText(`${name} (32c)`, { exact: true }).waitFor();
      await shot('confirmation');

      const paid: Order = await getOrderOverHttp(accessToken, orderId);
      expect(paid.lines).toMatchObject([
        { partId: tyre._id, sku: sku('32c'), variant: '32c', price: 4299, quantity: 1 },
      ]);
      // Buy Now on the first size: the purchase page shows and orders that size.
      await visit(page, `/parts/${tyre._id}`);
      await page.getByRole('link', { name: 'Buy Now' }).click();
      await page.waitForURL(new RegExp(`/purchase/${tyre._id}\\?sku=`));
      await page
        .getByTestId('part-details')
        .getByRole('heading', { name: `${name} (28c)` })
        .waitFor();
      const order = page.getByRole('form', { name: 'Order form' });
      await order.getByLabel('Address').fill('12 Harbour Road, Bristol BS1 5TT');
      await order.getByLabel('Phone Number').fill('01174960000');
      const addToCart = order.getByRole('button', { name: 'Add to Cart' });
      await expect.poll(() => addToCart.isEnabled(), POLL).toBe(true);
      await shot('purchase');
      await addToCart.click();
      await expectToast(page, 'Added to cart, Successfully');
      await page.waitForURL(/\/checkout\?order=/);

      const after = (await (
        await fetch(`${SHOP_URL}/api/parts/${tyre._id}`)
      ).json()) as CataloguePart;
      expect(after.variants.map((variant) => variant.quantity)).toEqual([5, 3, 0]);
    });
  }
});
