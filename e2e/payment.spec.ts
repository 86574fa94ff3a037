/**
 * A customer orders on the purchase page, which goes on to the checkout to pay and keeps the
 * address for next time (issue 35), then pays that order on the payment page from My Orders with
 * the simulated gateway's card field (docs/product.md §2.13, §4.3): a declined card first, then a
 * good one; My Orders shows the transaction id.
 */
import type { Browser, Locator } from 'playwright-core';
import { orderNumber } from '@sprocket/contract';
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
  customerOverHttp,
  expectToast,
  freshAccount,
  getOrderOverHttp,
  listParts,
  logIn,
  tableRow,
} from './support/shop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const expiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** The text colour as [r, g, b]. */
async function colourOf(locator: Locator): Promise<number[]> {
  // e2e code is typed without the DOM library, so the element's window is reached through it.
  const colour = await locator.evaluate(
    (element) => element.ownerDocument.defaultView?.getComputedStyle(element).color,
  );
  return (String(colour).match(/\d+/g) ?? []).slice(0, 3).map(Number);
}

describe('payment journey', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`pays for an order after a declined card (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string) => screenshot(page, `payment-${step}-${viewport}`);
      const account = freshAccount(`payer-${viewport}`);
      const { accessToken } = await customerOverHttp(account);
      const part = (await listParts()).find(
        (candidate) => candidate.quantity >= candidate.order + 1,
      );
      if (!part) throw new Error('No part has stock for an order');
      const quantity = part.order + 1;

      // Order the part.
      await visit(page, '/login');
      await logIn(page, account);
      await visit(page, `/purchase/${part._id}`);
      const form = page.getByRole('form', { name: 'Order form' });
      await form.getByLabel('Address').fill('7 Quay Street, Bristol');
      await form.getByLabel('Phone Number').fill('0117 496 0000');
      await form.getByLabel('Order Quantity').fill(String(quantity));
      const addToCart = form.getByRole('button', { name: 'Add to Cart' });
      await expect.poll(() => addToCart.isEnabled(), POLL).toBe(true);
      await addToCart.click();
      await expectToast(page, 'Added to cart, Successfully');

      // The order is placed: on to paying for it at the checkout (issue 35), which shows it.
      await page.waitForURL(/\/checkout\?order=/);
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';
      await page
        .getByTestId('order-number')
        .getByText(orderNumber(orderId), { exact: true })
        .waitFor();
      const due = dollars.format((part.price * quantity) / 100);
      await page.getByRole('button', { name: `Pay ${due}` }).waitFor();

      // The address typed on the purchase page is offered next time.
      await visit(page, `/purchase/${part._id}`);
      const again = page.getByRole('form', { name: 'Order form' });
      await expect
        .poll(() => again.getByLabel('Address').inputValue(), POLL)
        .toBe('7 Quay Street, Bristol');
      expect(await again.getByLabel('Phone Number').inputValue()).toBe('0117 496 0000');

      // The spec's payment page, from My Orders' Pay.
      await visit(page, '/dashboard/myOrder');
      const row = tableRow(page, 'My orders', part.productName);
      await row.getByRole('link', { name: `Pay for ${part.productName}` }).click();
      await page.waitForURL(`**/dashboard/payment/${orderId}`);

      await page.getByText(`Hello, ${account.name}`).waitFor();
      await page.getByText(`Please Pay for ${part.productName}`).waitFor();
      await page.getByText(`Quantity: ${quantity}`).waitFor();
      expect(await page.getByTestId('amount-due').innerText()).toBe(`Please pay: ${due}`);

      const card = page.getByRole('form', { name: 'Card payment' });
      const pay = card.getByRole('button', { name: 'Pay' });
      await expect.poll(() => pay.isEnabled(), POLL).toBe(true); // the client secret arrived
      await card.getByLabel('Card number').fill('4000 0000 0000 0002');
      await card.getByLabel('Expiry').fill(expiry);
      await card.getByLabel('CVC').fill('123');
      await pay.click();

      // Declined: the provider's message in red, and the order stays unpaid.
      const failure = card.getByRole('alert').filter({ hasText: 'Your card was declined.' });
      expect(await failure.innerText()).toBe('Your card was declined.');
      const [red = 0, green = 0, blue = 0] = await colourOf(failure);
      expect(red).toBeGreaterThan(green + 60);
      expect(red).toBeGreaterThan(blue + 60);
      await shot('declined');
      const declined = await getOrderOverHttp(accessToken, orderId);
      expect(declined).toMatchObject({ status: 'unpaid', paid: false });
      expect(declined.transactionId ?? '').toBe('');

      // A good card.
      await card.getByLabel('Card number').fill('4242 4242 4242 4242');
      await pay.click();
      await page.getByText('Congrats! Your payment is completed.', { exact: true }).waitFor();
      const transactionId = (await page.getByTestId('transaction-id').innerText()).trim();
      expect(transactionId).not.toBe('');
      await shot('paid');
      const paid = await getOrderOverHttp(accessToken, orderId);
      expect(paid).toMatchObject({ status: 'paid', paid: true, transactionId });

      // My Orders shows it paid, with the transaction id instead of Pay.
      await page.getByRole('link', { name: 'My Orders' }).first().click();
      await page.waitForURL('**/dashboard/myOrder');
      await row.getByText('Paid', { exact: true }).waitFor();
      await row.getByText(transactionId, { exact: true }).waitFor();
      expect(await row.getByRole('link', { name: /Pay for/ }).count()).toBe(0);
      await shot('my-orders');

      // The declined card's answer, 402 as Stripe's own API gives it, is logged by Chromium itself.
      expect(problems).toEqual([
        `console.error: Failed to load resource: the server responded with a status of 402 (Payment Required) (${SHOP_URL}/api/payments/simulated/confirm)`,
      ]);
      await context.close();
    });
  }
});
