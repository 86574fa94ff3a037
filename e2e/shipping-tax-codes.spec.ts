/**
 * Shipping, tax and discount codes (issue 25): the owner adds a code on Discount Codes (shipping
 * methods and the tax table are set through the API); a customer sees the cart's shipping
 * estimate, chooses a country, region and method at checkout, is told why a wrong code does not
 * apply, applies the right one, and pays the quoted total; the confirmation and the admin's order
 * page show the amounts. At both widths, every screen checked by axe and the layout checks.
 */
import type { CheckoutQuote, Order, Part, ShippingMethod, TaxSettings } from '@sprocket/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  VIEWPORTS,
  type ViewportName,
  visit,
  POLL,
} from './support/browser.js';
import {
  ADMIN,
  callApi,
  clickDashboardMenu,
  clickNav,
  customerOverHttp,
  enterTestCard,
  expectToast,
  freshAccount,
  listParts,
  logIn,
  signInOverHttp,
  tableRow,
  uniqueId,
} from './support/shop.js';

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

const METHODS: ShippingMethod[] = [
  { id: 'standard', name: 'Standard', price: 599, freeOver: 50_000 },
  { id: 'express', name: 'Express', price: 1499 },
  { id: 'pickup', name: 'Pick up in the shop', price: 0, countries: ['GB'] },
];
const TAX: TaxSettings = {
  pricesIncludeTax: false,
  rates: [
    { country: 'US', rate: 0 },
    { country: 'US', region: 'CA', rate: 7.25 },
  ],
};

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
  await callApi('/admin/shipping-methods', {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify(METHODS),
  });
  await callApi('/admin/tax', { method: 'PUT', token: adminToken, body: JSON.stringify(TAX) });
});
afterAll(async () => {
  // The other journeys expect a shop without shipping or tax.
  await callApi('/admin/shipping-methods', { method: 'PUT', token: adminToken, body: '[]' });
  await callApi('/admin/tax', {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify({ pricesIncludeTax: false, rates: [] }),
  });
  await browser?.close();
});

describe('shipping, tax and discount codes', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`adds a code, and a customer checks out with shipping, tax and the code (${viewport})`, async () => {
      const admin = (await openPage(browser, viewport)).page;
      const page = (await openPage(browser, viewport)).page;
      const shot = (step: string, fullPage = true) =>
        screenshot(page, `pricing-${step}-${viewport}`, { fullPage });
      const adminShot = (step: string, fullPage = true) =>
        screenshot(admin, `pricing-admin-${step}-${viewport}`, { fullPage });
      const code = `RIDE${uniqueId().slice(-6)}`.toUpperCase();

      // The owner adds a code for 10 % off, five orders in all.
      await visit(admin, '/login');
      await logIn(admin, ADMIN);
      await clickNav(admin, 'Dashboard');
      await clickDashboardMenu(admin, 'Discount Codes');
      await admin.waitForURL('**/dashboard/discounts');
      await admin.getByRole('button', { name: 'Add code' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Add a discount code' });
      await dialog.getByLabel(/^Code/).fill(code.toLowerCase());
      await dialog.getByLabel(/^Percent off/).fill('10');
      await dialog.getByLabel(/^Uses in all/).fill('5');
      await adminShot('add-code', false);
      await dialog.getByRole('button', { name: 'Add code' }).click();
      await expectToast(admin, `Added code ${code}`);
      await tableRow(admin, 'Discount codes', code).getByText('0 of 5').waitFor();
      await adminShot('codes');

      // Shipping and Tax: the owner adds a courier for Britain only (the US shopper is not
      // offered it).
      await clickDashboardMenu(admin, 'Shipping and Tax');
      await admin.waitForURL('**/dashboard/shipping-tax');
      await tableRow(admin, 'Tax rates', 'United States').first().waitFor();
      await admin.getByRole('button', { name: 'Add method' }).click();
      const method = admin.getByRole('dialog', { name: 'Add a shipping method' });
      await method.getByLabel(/^Name/).fill(`Courier ${viewport}`);
      await method.getByLabel(/^Id/).fill(`courier-${viewport}`);
      await method.getByLabel(/^Price/).fill('9.00');
      await method.getByLabel(/^Countries/).fill('GB');
      await adminShot('add-method', false);
      await method.getByRole('button', { name: 'Add method' }).click();
      await expectToast(admin, `Added Courier ${viewport}`);
      await tableRow(admin, 'Shipping methods', `Courier ${viewport}`).waitFor();
      await adminShot('shipping-tax');

      // A customer with a part in the cart sees the cheapest shipping before checkout.
      const account = freshAccount(`pricing-${viewport}`);
      const { accessToken } = await customerOverHttp(account);
      const part = (await listParts()).find(
        (candidate: Part) =>
          candidate.quantity >= candidate.order + 5 && candidate.price * candidate.order < 40_000,
      );
      if (!part) throw new Error('No part in stock to buy');
      const quantity = part.order;
      await visit(page, '/login');
      await logIn(page, account);
      await visit(page, `/cart?add=${encodeURIComponent(part._id)}&quantity=${quantity}`);
      await page.getByTestId('cart-line').first().waitFor();
      await page
        .getByTestId('cart-shipping-estimate')
        .getByText(`${dollars(599)} (Standard)`, { exact: true })
        .waitFor();
      await shot('cart');

      // Checkout: the US and California, Express; a wrong code is refused in plain words.
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL('**/checkout');
      const checkout = page.getByRole('form', { name: 'Checkout' });
      await checkout.getByLabel(/^Address/).fill('1 Sunset Boulevard, Los Angeles');
      await checkout.getByLabel(/^Phone Number/).fill('+1 310 555 0100');
      await checkout.getByLabel(/^Country/).selectOption('US');
      await checkout.getByLabel(/^State or region/).fill('CA');
      await checkout.getByRole('radio', { name: /^Express/ }).check();
      expect(await checkout.getByRole('radio', { name: /^Courier/ }).count()).toBe(0);
      await checkout.getByLabel('Discount code').fill(`nope${uniqueId().slice(-4)}`);
      await checkout.getByRole('button', { name: 'Apply' }).click();
      await checkout
        .getByText(/^There is no discount code NOPE.*Check how it is spelt\.$/)
        .waitFor();
      await checkout.getByLabel('Discount code').fill(code.toLowerCase());
      await checkout.getByRole('button', { name: 'Apply' }).click();
      await checkout.getByText(`Code ${code} applied`, { exact: true }).waitFor();

      // What the page shows is what the server quotes for the same body.
      const quote = await callApi<CheckoutQuote>('/checkout/quote', {
        method: 'POST',
        body: JSON.stringify({
          items: [{ partId: part._id, quantity }],
          country: 'US',
          region: 'CA',
          shippingMethodId: 'express',
          discountCode: code,
        }),
      });
      expect(quote.discount).toBeGreaterThan(0);
      expect(quote.shipping).toBe(1499);
      expect(quote.tax).toBeGreaterThan(0);
      await checkout
        .getByTestId('checkout-total')
        .getByText(dollars(quote.total), { exact: true })
        .waitFor();
      await checkout.getByText(`Discount (${code})`, { exact: true }).waitFor();
      await checkout.getByText('Tax (7.25 %)', { exact: true }).waitFor();
      const placeOrder = checkout.getByRole('button', { name: 'Place order and pay' });
      await expect.poll(() => placeOrder.isEnabled(), POLL).toBe(true);
      await enterTestCard(checkout.getByRole('region', { name: 'Payment' }), '4242 4242 4242 4242');
      await shot('checkout');
      // Placed and paid in one step, at the quoted total.
      await placeOrder.click();
      await page.waitForURL(/\/checkout\/[^/]+\/done$/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-2) ?? '');
      await page.waitForURL(`**/checkout/${orderId}/done`);
      await page.getByText('Thank you! Your order is paid.', { exact: true }).waitFor();
      await page
        .getByTestId('order-total')
        .getByText(dollars(quote.total), { exact: true })
        .waitFor();
      await page.getByText('Shipping (Express)', { exact: true }).waitFor();
      await shot('confirmation');

      const order = await callApi<Order>(`/ordered/${orderId}`, { token: accessToken });
      expect(order).toMatchObject({
        subtotal: quote.subtotal,
        discount: quote.discount,
        shipping: quote.shipping,
        tax: quote.tax,
        total: quote.total,
        totalPrice: quote.total,
        discountCode: code,
        country: 'US',
        region: 'CA',
        paid: true,
      });

      // The admin's order page shows the same amounts; the code counts one use.
      await visit(admin, `/dashboard/orders/${orderId}`);
      await admin
        .getByTestId('order-total')
        .getByText(dollars(quote.total), { exact: true })
        .waitFor();
      await admin.getByText(`Discount (${code})`, { exact: true }).waitFor();
      await adminShot('order');
      await visit(admin, '/dashboard/discounts');
      await tableRow(admin, 'Discount codes', code).getByText('1 of 5').waitFor();
    });
  }
});
