/**
 * Paying the way shoppers pay (issue 26, docs/decisions/068), in a real browser with the simulated
 * gateway's test cards, on the checkout page the purchase page goes on to (issue 35, decision
 * 087): insufficient funds, 3-D Secure failed then approved, each keeping the one order placed; a
 * card saved on payment; the confirmation with the order number and no toast over it; then a
 * returning customer's next order from the part's page with at most 3 taps and no typed field on
 * a phone (Buy Now → Add to Cart → Pay); the saved card is listed on My Profile and removed there.
 */
import { join } from 'node:path';
import { orderNumber } from '@sprocket/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  SCREENSHOTS,
  SHOP_URL,
  VIEWPORTS,
  type ViewportName,
  visit,
  POLL,
} from './support/browser.js';
import {
  callApi,
  customerOverHttp,
  enterTestCard,
  expectToast,
  freshAccount,
  getOrderOverHttp,
  inView,
  listParts,
  logIn,
  TEST_CARD_EXPIRY,
} from './support/shop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The order the checkout that is open pays (`?order=`). */
const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('order') ?? '';

async function enterCard(card: Locator, number: string) {
  await enterTestCard(card, number);
  await card.getByLabel('Postal code').fill('BS1 4DJ');
}

describe('saved cards and 3-D Secure', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`pays with each test card, saves one and pays the next order in 3 taps (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string) => screenshot(page, `saved-cards-${step}-${viewport}`);
      const account = freshAccount(`saver-${viewport}`);
      const { accessToken } = await customerOverHttp(account);
      // The address book entry the purchase form starts from.
      await callApi('/profiles/me/address', {
        method: 'PUT',
        token: accessToken,
        body: JSON.stringify({
          name: account.name,
          address: '7 Quay Street, Bristol',
          number: '01174960000',
        }),
      });
      // A part sold as one (a part in variants is bought as a chosen variant, `?sku=`).
      const part = (await listParts()).find(
        (candidate) =>
          candidate.quantity >= candidate.order * 4 &&
          !(candidate as { variants?: unknown[] }).variants?.length,
      );
      if (!part) throw new Error('No part has stock for three orders');

      await visit(page, '/login');
      await logIn(page, account);

      // The purchase page opens filled from the address book; one Add to Cart, which orders.
      await visit(page, `/purchase/${part._id}`);
      const form = page.getByRole('form', { name: 'Order form' });
      expect(await form.getByLabel('Address').inputValue()).toBe('7 Quay Street, Bristol');
      expect(await form.getByLabel('Phone Number').inputValue()).toBe('01174960000');
      expect(await page.getByRole('button', { name: /add to cart/i }).count()).toBe(1);
      await shot('purchase');
      const addToCart = form.getByRole('button', { name: 'Add to Cart' });
      await expect.poll(() => addToCart.isEnabled(), POLL).toBe(true);
      await addToCart.click();
      await expectToast(page, 'Added to cart, Successfully');
      await page.waitForURL(/\/checkout\?order=/);
      const firstOrder = orderIdOf(page);

      const card = page
        .getByRole('form', { name: 'Checkout' })
        .getByRole('region', { name: 'Payment' });
      const pay = card.getByRole('button', { name: /^Pay / });
      await expect.poll(() => pay.isEnabled(), POLL).toBe(true);

      // Insufficient funds.
      await enterCard(card, '4000 0000 0000 9995');
      await pay.click();
      await card
        .getByRole('alert')
        .filter({ hasText: 'Your card has insufficient funds.' })
        .waitFor();
      await shot('insufficient-funds');

      // 3-D Secure, failed.
      await card.getByLabel('Card number').fill('4000 0027 6000 3184');
      await pay.click();
      const step = page.getByRole('dialog', { name: 'Authenticate this payment' });
      await step.waitFor();
      await shot('authentication');
      await step.getByRole('button', { name: 'Fail authentication' }).click();
      await card.getByRole('alert').filter({ hasText: AUTHENTICATION_FAILED }).waitFor();
      // Still this page and this order, its parts held.
      expect(orderIdOf(page)).toBe(firstOrder);
      expect(await getOrderOverHttp(accessToken, firstOrder)).toMatchObject({
        paid: false,
        status: 'unpaid',
      });

      // A good card, saved for next time.
      await card.getByLabel('Card number').fill('4242 4242 4242 4242');
      await card.getByRole('checkbox', { name: 'Save this card for next time' }).check();
      await pay.click();
      // The cart's confirmation: the short order number, the summary and what happens next, with
      // no toast over it.
      await page.waitForURL(`**/checkout/${firstOrder}/done`);
      const success = page.getByText('Thank you! Your order is paid.', { exact: true });
      await success.waitFor();
      await page
        .getByTestId('order-number')
        .getByText(orderNumber(firstOrder), { exact: true })
        .waitFor();
      await page.getByRole('heading', { name: 'What happens next' }).waitFor();
      await expect.poll(() => page.getByText('Added to cart, Successfully').count(), POLL).toBe(0);
      expect(await getOrderOverHttp(accessToken, firstOrder)).toMatchObject({ paid: true });
      await expect.poll(() => inView(success), POLL).toBe(true);
      await shot('confirmation');
      // What the shopper sees at that moment (the window, not the whole page).
      await page.screenshot({
        path: join(SCREENSHOTS, `saved-cards-paid-in-view-${viewport}.png`),
      });

      // 3-D Secure, approved, with a new card beside the saved one.
      await visit(page, `/purchase/${part._id}`);
      await form.getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForURL(/\/checkout\?order=/);
      const secondOrder = orderIdOf(page);
      await card.getByRole('radio', { name: /Visa •••• 4242/ }).waitFor();
      await card.getByRole('radio', { name: 'A new card' }).check();
      await enterCard(card, '4000 0027 6000 3184');
      await expect.poll(() => pay.isEnabled(), POLL).toBe(true);
      await pay.click();
      await step.getByRole('button', { name: 'Complete authentication' }).click();
      await page.waitForURL(`**/checkout/${secondOrder}/done`);
      await success.waitFor();
      expect(await getOrderOverHttp(accessToken, secondOrder)).toMatchObject({ paid: true });

      // The returning customer: from the part's page to a paid order, counting taps and typing.
      await visit(page, `/parts/${part._id}`);
      let taps = 0;
      const typed = 0; // no fill() or type() from here on
      const tap = async (locator: Locator) => {
        taps += 1;
        await locator.click();
      };
      await tap(page.getByRole('link', { name: 'Buy Now' }));
      await page.waitForURL('**/purchase/*');
      const orderButton = page
        .getByRole('form', { name: 'Order form' })
        .getByRole('button', { name: 'Add to Cart' });
      await expect.poll(() => orderButton.isEnabled(), POLL).toBe(true);
      await tap(orderButton);
      await page.waitForURL(/\/checkout\?order=/);
      const thirdOrder = orderIdOf(page);
      // The saved card is chosen once the saved cards have arrived: no tap.
      await expect
        .poll(() => card.getByRole('radio', { name: /Visa •••• 4242/ }).isChecked(), POLL)
        .toBe(true);
      await expect.poll(() => pay.isEnabled(), POLL).toBe(true);
      await shot('returning-pay');
      await tap(pay);
      await page.waitForURL(`**/checkout/${thirdOrder}/done`);
      await success.waitFor();
      await expect.poll(() => inView(success), POLL).toBe(true);
      expect(taps).toBeLessThanOrEqual(3);
      expect(typed).toBe(0);
      expect(await getOrderOverHttp(accessToken, thirdOrder)).toMatchObject({ paid: true });
      await shot('returning-paid');

      // My Profile lists the saved card, and removes it.
      await visit(page, '/dashboard');
      const saved = page.getByRole('region', { name: 'Saved cards' });
      await saved.getByText(/Visa •••• 4242, expires/).waitFor();
      await shot('profile');
      await saved.getByRole('button', { name: /Remove Visa •••• 4242/ }).click();
      await page
        .getByRole('dialog', { name: 'Remove this card?' })
        .getByRole('button', { name: 'Remove card' })
        .click();
      await expectToast(page, `Removed Visa •••• 4242, expires ${TEST_CARD_EXPIRY}`);
      await saved.getByText('No saved cards.', { exact: false }).waitFor();

      // The refused attempts' 402 answers, as Stripe's API gives them, are logged by Chromium.
      expect(problems.filter((problem) => !problem.includes('402 (Payment Required)'))).toEqual([]);
      expect(problems).toContain(
        `console.error: Failed to load resource: the server responded with a status of 402 (Payment Required) (${SHOP_URL}/api/payments/simulated/confirm)`,
      );
      await context.close();
    });
  }
});
