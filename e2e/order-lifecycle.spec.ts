/**
 * The rest of an order's life (issue 11), at both widths: a customer whose card was declined
 * cancels the unpaid order and its stock returns; an admin refunds a paid one, the money goes back through the payment
 * provider and the stock returns; a visitor's contact message reaches the admins' Messages and
 * the Mailbox. Each step is also in the order's timeline and the Mailbox.
 */
import { orderNumber } from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
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
  checkoutOverHttp,
  clickDashboardMenu,
  clickNav,
  customerOverHttp,
  DECLINED_CARD_LOG,
  enterTestCard,
  expectToast,
  freshAccount,
  getOrderOverHttp,
  getPart,
  listParts,
  logIn,
  mailOverHttp,
  payOverHttp,
  signInOverHttp,
  tableRow,
  uniqueId,
} from './support/shop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

async function timelineStatuses(page: Page): Promise<string[]> {
  const entries = await page.getByTestId('timeline-entry').allInnerTexts();
  return entries.map((text) => text.split('\n')[0]?.trim() ?? '');
}

async function openDashboard(page: Page, account: { email: string; password: string }) {
  await visit(page, '/login');
  await logIn(page, account);
  // Straight to the dashboard: the journeys here are about orders, and the phone menu's hand-off
  // right after signing in is the visitor and customer journeys' business.
  await visit(page, '/dashboard');
  await page.waitForURL('**/dashboard');
}

async function inStock(count: number) {
  const parts = (await listParts()).filter((part) => part.quantity >= part.order + 5);
  if (parts.length < count) throw new Error(`The catalogue has fewer than ${count} parts in stock`);
  return parts.slice(-count);
}

describe('order lifecycle journeys', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`a customer cancels an unpaid checkout and the stock returns (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string, fullPage = true) =>
        screenshot(page, `lifecycle-cancel-${step}-${viewport}`, { fullPage });
      const account = freshAccount(`canceller-${viewport}`);
      await customerOverHttp(account);
      const [part] = await inStock(1);
      if (!part) throw new Error('no part');
      const stockBefore = (await getPart(part._id)).quantity;

      // Signed in, the customer adds a part on its product page and checks out.
      await visit(page, '/login');
      await logIn(page, account);
      await visit(page, `/parts/${part._id}`);
      const add = page.getByRole('form', { name: `Add ${part.productName} to the cart` });
      await add.getByRole('button', { name: `Add to cart: ${part.productName}` }).click();
      await expectToast(page, `${part.order} × ${part.productName} added to your cart`);
      await page
        .getByRole('link', { name: `Cart, ${part.order} item${part.order === 1 ? '' : 's'}` })
        .click();
      await page.getByRole('link', { name: 'Checkout' }).click();
      const checkout = page.getByRole('form', { name: 'Checkout' });
      await checkout.getByLabel(/^Address/).fill('3 Mill Lane, Leeds');
      await checkout.getByLabel(/^Phone Number/).fill('0113 496 0000');
      const placeOrder = checkout.getByRole('button', { name: 'Place order and pay' });
      await expect.poll(() => placeOrder.isEnabled(), POLL).toBe(true);
      // The card is declined: the order stays placed and unpaid.
      const payment = checkout.getByRole('region', { name: 'Payment' });
      await enterTestCard(payment, '4000 0000 0000 0002');
      await placeOrder.click();
      await payment
        .getByRole('alert')
        .getByText('Your card was declined.', { exact: true })
        .waitFor();
      await page.waitForURL(/\/checkout\?order=/);
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';
      expect((await getPart(part._id)).quantity).toBe(stockBefore - part.order);

      // Changed their mind: from My Orders to the order, and Cancel order.
      await clickNav(page, 'Dashboard');
      await clickDashboardMenu(page, 'My Orders');
      await tableRow(page, 'My orders', part.productName)
        .getByRole('link', { name: `Details of ${part.productName}` })
        .click();
      await page.waitForURL(`**/dashboard/orders/${orderId}`);
      await page.getByTestId('order-status').getByText('Not Paid', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Pay', exact: true }).waitFor();
      await shot('unpaid');
      await page.getByRole('button', { name: 'Cancel order' }).click();
      const confirm = page.getByRole('dialog', {
        name: `Cancel the order of ${part.productName}?`,
      });
      await confirm.waitFor();
      await shot('confirm', false);
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await expectToast(page, `Cancelled ${part.productName} Order`);
      await confirm.waitFor({ state: 'hidden' });
      await page.getByTestId('order-status').getByText('Cancelled', { exact: true }).waitFor();
      // Placed, the declined attempt, cancelled.
      await expect
        .poll(() => timelineStatuses(page), POLL)
        .toEqual(['Not Paid', 'Not Paid', 'Cancelled']);
      expect(await page.getByRole('link', { name: 'Pay', exact: true }).count()).toBe(0);
      await shot('cancelled');

      // The stock is back, and the customer was told.
      expect((await getPart(part._id)).quantity).toBe(stockBefore);
      const { accessToken: adminToken } = await signInOverHttp(ADMIN);
      const mail = await mailOverHttp(adminToken);
      expect(
        mail.filter((one) => one.to === account.email).map((one) => one.message.subject),
      ).toEqual([
        `Sprocket: your order ${orderNumber(orderId)} was cancelled`,
        `Sprocket: we have your order ${orderNumber(orderId)}`,
      ]);

      expect(problems).toEqual([DECLINED_CARD_LOG]);
      await context.close();
    });

    it(`an admin refunds a paid order: the money and the stock return (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string, fullPage = true) =>
        screenshot(page, `lifecycle-refund-${step}-${viewport}`, { fullPage });
      const buyer = freshAccount(`refunded-${viewport}`);
      const { accessToken } = await customerOverHttp(buyer);
      const parts = await inStock(2);
      const items = parts.map((part) => ({ partId: part._id, quantity: part.order }));
      const stockBefore = await Promise.all(
        parts.map(async (part) => (await getPart(part._id)).quantity),
      );
      const placed = await checkoutOverHttp(accessToken, items);
      const paid = await payOverHttp(accessToken, placed._id);
      expect(paid.status).toBe('paid');

      await openDashboard(page, ADMIN);
      await clickDashboardMenu(page, 'Manage All Orders');
      const row = tableRow(page, 'All orders', buyer.email);
      await row.getByRole('link', { name: /^Details: / }).click();
      await page.waitForURL(`**/dashboard/orders/${paid._id}`);
      await page.getByTestId('order-status').getByText('Paid', { exact: true }).waitFor();
      await page.getByRole('button', { name: /^Refund: / }).click();
      const dialog = page.getByRole('dialog', { name: `Refund ${dollars(paid.totalPrice)}?` });
      const restock = dialog.getByRole('checkbox', { name: 'Return the stock to the shelf' });
      expect(await restock.isChecked()).toBe(true);
      await shot('dialog', false);
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await expectToast(page, `Refunded ${dollars(paid.totalPrice)} to ${buyer.email}`);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('order-status').getByText('Refunded', { exact: true }).waitFor();
      await expect
        .poll(() => timelineStatuses(page), POLL)
        .toEqual(['Not Paid', 'Paid', 'Refunded']);
      await page.getByText('The parts went back into stock.').waitFor();
      await shot('refunded');

      // The whole payment went back through the provider, and the stock is on the shelf again.
      const refunded = await getOrderOverHttp(accessToken, paid._id);
      expect(refunded.refund).toMatchObject({ amount: paid.totalPrice, restocked: true });
      expect(refunded.refund?.refundId).toMatch(/^re_/);
      for (const [index, part] of parts.entries())
        expect((await getPart(part._id)).quantity).toBe(stockBefore[index]);

      // The Mailbox holds the refund mail.
      await clickDashboardMenu(page, 'Mailbox');
      await page
        .getByRole('list', { name: 'Mail' })
        .getByRole('button')
        .filter({ hasText: `Sprocket: order ${orderNumber(paid._id)} refunded` })
        .waitFor();

      expect(problems).toEqual([]);
      await context.close();
    });

    it(`an admin refunds one unit of a line: part of the money and that unit's stock return (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string, fullPage = true) =>
        screenshot(page, `lifecycle-partial-refund-${step}-${viewport}`, { fullPage });
      const buyer = freshAccount(`partly-refunded-${viewport}`);
      const { accessToken } = await customerOverHttp(buyer);
      const parts = await inStock(2);
      const items = parts.map((part, index) => ({
        partId: part._id,
        quantity: part.order + (index === 0 ? 1 : 0),
      }));
      const placed = await checkoutOverHttp(accessToken, items);
      const paid = await payOverHttp(accessToken, placed._id);
      const [first] = paid.lines;
      if (!first) throw new Error('The order has no lines');
      const stockAfterOrder = (await getPart(first.partId)).quantity;

      await openDashboard(page, ADMIN);
      await visit(page, `/dashboard/orders/${paid._id}`);
      await page.getByTestId('order-status').getByText('Paid', { exact: true }).waitFor();
      await page.getByRole('button', { name: /^Refund: / }).click();
      const dialog = page.getByRole('dialog', { name: `Refund ${dollars(paid.totalPrice)}?` });
      await dialog.getByRole('radio', { name: 'Chosen lines' }).check();
      await dialog.getByRole('spinbutton', { name: first.partName }).fill('1');
      const partly = page.getByRole('dialog', { name: `Refund ${dollars(first.price)}?` });
      await partly.waitFor();
      expect(
        await partly.getByRole('checkbox', { name: 'Return the stock to the shelf' }).isChecked(),
      ).toBe(true);
      await shot('dialog', false);
      // The title names the amount now: the same dialog, found by its new name.
      await partly.getByRole('button', { name: 'Refund', exact: true }).click();
      await expectToast(page, `Refunded ${dollars(first.price)} to ${buyer.email}`);
      await partly.waitFor({ state: 'hidden' });
      // Still paid, to be shipped without the unit refunded; the page says how much went back.
      await page.getByTestId('order-status').getByText('Paid', { exact: true }).waitFor();
      await page
        .getByTestId('order-refunded')
        .getByText(`${dollars(first.price)} of ${dollars(paid.totalPrice)}`)
        .waitFor();
      await page.getByText('Partly refunded', { exact: true }).waitFor();
      await shot('partly-refunded');

      const after = await getOrderOverHttp(accessToken, paid._id);
      expect(after).toMatchObject({
        status: 'paid',
        refunded: first.price,
        refundState: 'partial',
        refunds: [expect.objectContaining({ restocked: true, lines: [{ line: 0, quantity: 1 }] })],
      });
      expect((await getPart(first.partId)).quantity).toBe(stockAfterOrder + 1);

      expect(problems).toEqual([]);
      await context.close();
    });

    it(`a contact message reaches the admins' Messages and the Mailbox (${viewport})`, async () => {
      const visitor = await openPage(browser, viewport);
      const admin = await openPage(browser, viewport);
      const subject = `Cassette fit ${uniqueId()}`;

      await visit(visitor.page, '/');
      // The form loads as the visitor scrolls towards it.
      await visitor.page.locator('#contact').scrollIntoViewIfNeeded();
      const form = visitor.page.getByRole('form', { name: 'Get in touch' });
      await form.getByLabel(/^Name/).fill('Ana Lima');
      await form.getByLabel(/^Email/).fill('ana@example.com');
      await form.getByLabel(/^Subject/).fill(subject);
      await form.getByLabel(/^Message/).fill('Does the CX12 chain fit a 12-speed SRAM cassette?');
      await form.getByRole('button', { name: /Send message/ }).click();
      await expectToast(visitor.page, 'Message successfully sent');
      expect(await visitor.page.evaluate('localStorage.length')).toBe(0);

      const page = admin.page;
      await openDashboard(page, ADMIN);
      await clickDashboardMenu(page, 'Messages');
      await page.waitForURL('**/dashboard/messages');
      const message = page.getByRole('listitem', { name: `Ana Lima: ${subject}` });
      await message.getByText('New', { exact: true }).waitFor();
      expect(
        await message.getByRole('link', { name: 'Reply by email' }).getAttribute('href'),
      ).toMatch(/^mailto:ana%40example\.com\?subject=Re%3A%20Cassette%20fit/);
      await screenshot(page, `lifecycle-messages-${viewport}`);
      await message.getByRole('button', { name: 'Mark handled' }).click();
      await message.getByText('Handled', { exact: true }).waitFor();
      await message.getByRole('button', { name: 'Mark not handled' }).waitFor();

      await clickDashboardMenu(page, 'Mailbox');
      await page
        .getByRole('list', { name: 'Mail' })
        .getByRole('button')
        .filter({ hasText: `Contact form: ${subject}` })
        .click();
      await page
        .getByTestId('mail-view')
        .getByText('ana@example.com', { exact: true })
        .first()
        .waitFor();
      await screenshot(page, `lifecycle-mailbox-contact-${viewport}`, { fullPage: false });

      expect(visitor.problems).toEqual([]);
      expect(admin.problems).toEqual([]);
      await visitor.context.close();
      await admin.context.close();
    });
  }
});
