/**
 * Guest checkout (issue 25 item 7, docs/decisions/066): a visitor who does not sign in chooses
 * "Check out as a guest", gives an email and a name, places the order from the browser cart (its
 * card declined, the order kept) and is told the private link was mailed; the link from the mail,
 * opened in another browser without
 * signing in, shows the order and takes the card; the confirmation follows. At both widths, every
 * screen checked by axe and the layout checks.
 */
import { orderNumber, type Mail, type Order, type Part } from '@sprocket/contract';
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
  DECLINED_CARD_LOG,
  enterTestCard,
  listParts,
  mailOverHttp,
  signInOverHttp,
  TEST_CARD_EXPIRY,
  uniqueId,
} from './support/shop.js';

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
});
afterAll(async () => {
  await browser?.close();
});

describe('guest checkout', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`checks out as a guest and pays through the mailed private link (${viewport})`, async () => {
      const watched = await openPage(browser, viewport);
      const page = watched.page;
      const shot = (step: string, fullPage = true) =>
        screenshot(page, `guest-${step}-${viewport}`, { fullPage });
      const email = `guest-${viewport}-${uniqueId()}@example.com`;
      const part = (await listParts()).find(
        (candidate: Part & { variants?: unknown[] }) =>
          !candidate.variants?.length && candidate.quantity >= candidate.order + 5,
      );
      if (!part) throw new Error('No part in stock to buy');

      // The visitor's cart, then Checkout: a guest checkout or signing in.
      await visit(page, `/cart?add=${encodeURIComponent(part._id)}&quantity=${part.order}`);
      await page.getByTestId('cart-line').first().waitFor();
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL('**/checkout');
      await page.getByRole('heading', { name: 'Check out as a guest' }).waitFor();
      await page.getByRole('heading', { name: 'Or sign in' }).waitFor();
      expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
      const contact = page.getByRole('form', { name: 'Guest checkout' });
      await contact.getByLabel(/^Email address/).fill(email);
      await contact.getByLabel(/^Your name/).fill('Grace Guest');
      await shot('choice');
      await contact.getByRole('button', { name: 'Continue as a guest' }).click();

      // The checkout as usual, without an address book.
      await page.getByText(`Checking out as a guest:`).waitFor();
      const checkout = page.getByRole('form', { name: 'Checkout' });
      await checkout.getByLabel(/^Address/).fill('1 Chainring Road, Gearford');
      await checkout.getByLabel(/^Phone Number/).fill('+1 555 0100');
      await checkout.getByLabel(/^Country/).selectOption('US');
      expect(await checkout.getByRole('checkbox').count()).toBe(0);
      const placeOrder = checkout.getByRole('button', { name: 'Place order and pay' });
      await expect.poll(() => placeOrder.isEnabled(), POLL).toBe(true);
      // The card is declined: the order is placed all the same, its parts held, and its link
      // mailed, so it can be paid later, elsewhere.
      const payment = checkout.getByRole('region', { name: 'Payment' });
      await enterTestCard(payment, '4000 0000 0000 0002');
      await shot('checkout');
      await placeOrder.click();
      await payment
        .getByRole('alert')
        .getByText('Your card was declined.', { exact: true })
        .waitFor();

      await page.waitForURL(/\/checkout\?order=/);
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';
      await page.getByText(/We have emailed a private link to this order to/).waitFor();
      await payment.getByRole('button', { name: /^Pay / }).waitFor();
      await shot('placed');

      // The mail holds the private link; another browser opens it without signing in.
      const mails = await mailOverHttp(adminToken);
      const mail = mails.find(
        (candidate: Mail) => candidate.to === email && candidate.about === orderId,
      );
      const link = /(\S+\/checkout\/order\/\S+#token=\S+)/.exec(mail?.message.text ?? '')?.[1];
      if (!link) throw new Error(`No private link mailed to ${email}`);
      const address = new URL(link);
      const guest = (await openPage(browser, viewport)).page;
      await visit(guest, `${address.pathname}${address.hash}`);
      await guest.getByRole('heading', { level: 1, name: 'Your order' }).waitFor();
      await guest
        .getByTestId('order-number')
        .getByText(orderNumber(orderId), { exact: true })
        .waitFor();
      // The token leaves the address bar.
      await expect.poll(() => new URL(guest.url()).hash, POLL).toBe('');
      const card = guest.getByRole('form', { name: 'Card payment' });
      const pay = card.getByRole('button', { name: 'Pay' });
      await expect.poll(() => pay.isEnabled(), POLL).toBe(true);
      await screenshot(guest, `guest-order-link-${viewport}`, { fullPage: true });
      await card.getByLabel('Card number').fill('4242 4242 4242 4242');
      await card.getByLabel('Expiry').fill(TEST_CARD_EXPIRY);
      await card.getByLabel('CVC').fill('123');
      await pay.click();

      await guest.waitForURL(`**/checkout/${orderId}/done`);
      await guest.getByText('Thank you! Your order is paid.', { exact: true }).waitFor();
      await guest.getByText(/through the private link we emailed you/).waitFor();
      await screenshot(guest, `guest-confirmation-${viewport}`, { fullPage: true });

      const order = await fetch(`${SHOP_URL}/api/ordered/${orderId}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      }).then((response) => response.json() as Promise<Order>);
      expect(order).toMatchObject({ email, status: 'paid', userName: 'Grace Guest' });
      expect(watched.problems).toEqual([DECLINED_CARD_LOG]);
    });
  }
});
