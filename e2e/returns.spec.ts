/**
 * Returns a customer can ask for (issue 37 item 2, decision 098), at both widths: a customer asks
 * to return one unit of a delivered order from its page; the admin finds it under Returns (from
 * the dashboard's menu, filtered by step), approves it with instructions, then marks the parts
 * received, which refunds them; the customer sees each step on the order's timeline. A guest asks
 * through the order's private link. The owner sets the return window under Shipping and Tax.
 * Every screen through axe and the layout checks.
 */
import { type ReturnSettings } from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  POLL,
  reload,
  screenshot,
  VIEWPORTS,
  type ViewportName,
  visit,
} from './support/browser.js';
import {
  addPartOverHttp,
  ADMIN,
  callApi,
  clickDashboardMenu,
  customerOverHttp,
  expectToast,
  freshAccount,
  guestPaidOrderOverHttp,
  mailOverHttp,
  paidOrderOverHttp,
  signedInPage,
  signInOverHttp,
  uniqueId,
} from './support/shop.js';

let browser: Browser;
let adminToken: string;

const setWindow = (windowDays: number) =>
  callApi<ReturnSettings>('/admin/return-settings', {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify({ windowDays }),
  });

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
});
afterAll(async () => {
  // The other journeys expect the shop's default window.
  if (adminToken) await setWindow(30);
  await browser?.close();
});

/** A part the journey owns, at $12.00, so no other journey's orders take its stock. */
async function addPart(): Promise<{ partId: string; name: string }> {
  const name = `E2E Returned Grips ${uniqueId()}`;
  const partId = await addPartOverHttp(adminToken, {
    productName: name,
    description: 'Grips that turn out too small, and go back.',
  });
  return { partId, name };
}

/** The admin ships the order and marks it delivered, over HTTP. */
async function deliver(orderId: string) {
  const id = encodeURIComponent(orderId);
  await callApi(`/ordered/${id}/ship`, {
    method: 'POST',
    token: adminToken,
    body: JSON.stringify({ carrier: 'Bike Courier', trackingNumber: 'BC-2001' }),
  });
  await callApi(`/ordered/${id}/delivered`, { method: 'POST', token: adminToken });
}

/** Asks to return one unit of the order's only line, too small, with a note. */
async function askToReturnOne(page: Page, shot: (step: string) => Promise<void>) {
  await page.getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return items' });
  await dialog.getByRole('button', { name: 'Ask to return' }).click();
  await dialog.getByText('Choose at least one part to return').waitFor();
  await dialog.getByRole('combobox', { name: 'How many' }).click();
  await page.getByRole('option', { name: '1', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Too small' }).click();
  await dialog.getByLabel('Note (optional)').fill('My hands are bigger than I thought');
  await dialog
    .getByText('Once the parts arrive we refund $12.00: what you paid for them.')
    .waitFor();
  await shot('ask');
  await dialog.getByRole('button', { name: 'Ask to return' }).click();
  await expectToast(page, 'Return asked: we will answer by email');
  await page.getByRole('list', { name: 'Returns' }).getByText('Return asked').waitFor();
}

describe('returns', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`a customer asks, the admin approves and receives, the timeline tells it (${viewport})`, async () => {
      const shot = (page: Page, step: string, fullPage = true) =>
        screenshot(page, `returns-${step}-${viewport}`, { fullPage });
      const buyer = freshAccount(`returns-${viewport}`);
      const { accessToken } = await customerOverHttp(buyer);
      const { partId, name } = await addPart();
      const order = await paidOrderOverHttp(accessToken, partId, 2);
      await deliver(order._id);
      const orderPath = `/dashboard/orders/${encodeURIComponent(order._id)}`;

      // The customer, on the order's page.
      const customer = await signedInPage(browser, viewport, buyer);
      await visit(customer, orderPath);
      await askToReturnOne(customer, (step) => shot(customer, step, false));
      await shot(customer, 'order-asked');

      // The admin: Returns from the dashboard's menu, then the steps.
      const admin = await signedInPage(browser, viewport, ADMIN);
      await visit(admin, '/dashboard');
      await clickDashboardMenu(admin, 'Returns');
      await admin.getByRole('heading', { name: 'Returns', level: 1 }).waitFor();
      await admin.getByRole('combobox', { name: 'Show' }).click();
      await admin.getByRole('option', { name: 'Return asked' }).click();
      await admin.waitForURL((url) => url.search === '?status=asked');
      const number = order._id.slice(0, 8).toUpperCase();
      const who = new RegExp(`order ${number}, `);
      const card = admin.getByRole('listitem', {
        name: new RegExp(`^Return of order ${number}, `),
      });
      await card.getByText('1 × ' + name + ': Too small').waitFor();
      await shot(admin, 'list-asked');
      await card.getByRole('button', { name: /^Approve: / }).click();
      const approve = admin.getByRole('dialog', { name: /^Approve the return/ });
      await approve
        .getByLabel(/^How to send the parts back/)
        .fill('Post them to Sprocket Returns, 1 Spoke Street, Gearford.');
      const approveButton = approve.getByRole('button', { name: 'Approve', exact: true });
      await expect.poll(() => approveButton.isEnabled(), POLL).toBe(true);
      await shot(admin, 'approve', false);
      await approveButton.click();
      await expectToast(admin, `Return of order ${number} approved`);

      // From the order's page, the admin is sent to Returns.
      await visit(admin, orderPath);
      await admin.getByRole('link', { name: 'Answer in Returns' }).click();
      await admin.waitForURL((url) => url.pathname === '/dashboard/returns');
      const approved = admin.getByRole('listitem', { name: who });
      await approved.getByRole('button', { name: /^Mark received and refund: / }).click();
      await admin.getByRole('dialog', { name: 'Parts received?' }).waitFor();
      await shot(admin, 'receive', false);
      await admin.getByRole('button', { name: 'Received: refund' }).click();
      await expectToast(admin, `Refunded $12.00 to ${buyer.email}`);
      await approved.getByText('Return received and refunded').waitFor();
      await shot(admin, 'list-received');

      // The customer sees every step on the order's timeline.
      await reload(customer);
      const timeline = customer.getByRole('list', { name: 'Timeline' });
      for (const step of ['Return asked', 'Return approved', 'Return received and refunded']) {
        await timeline.getByText(step, { exact: true }).waitFor();
      }
      await timeline
        .getByText('Instructions: Post them to Sprocket Returns', { exact: false })
        .waitFor();
      await customer.getByTestId('order-refunded').getByText('$12.00').first().waitFor();
      await shot(customer, 'order-received');
      const mails = await mailOverHttp(adminToken);
      expect(
        mails
          .filter((mail) => mail.about === order._id && mail.kind.startsWith('return_'))
          .map((mail) => mail.kind)
          .sort(),
      ).toEqual(['return_approved', 'return_asked', 'return_received']);

      // A guest asks through the order's private link.
      const guestOrder = await guestPaidOrderOverHttp(partId, 'returns');
      await deliver(guestOrder.id);
      const guest = (await openPage(browser, viewport)).page;
      await visit(
        guest,
        `/checkout/order/${encodeURIComponent(guestOrder.id)}#token=${guestOrder.token}`,
      );
      await askToReturnOne(guest, (step) => shot(guest, `guest-${step}`, false));
      await shot(guest, 'guest-order-link');
    });
  }

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`the owner sets the return window under Shipping and Tax (${viewport})`, async () => {
      const before = await callApi<ReturnSettings>('/admin/return-settings', {
        token: adminToken,
      });
      const wanted = before.windowDays === 45 ? 60 : 45;
      const admin = await signedInPage(browser, viewport, ADMIN);
      await visit(admin, '/dashboard/shipping-tax');
      const section = admin.getByRole('region', { name: 'Returns' });
      const field = section.getByLabel(/^Return window in days/);
      await expect.poll(() => field.inputValue(), POLL).toBe(String(before.windowDays));
      await field.fill('400');
      await section.getByText('Return window must be at most 365 days').waitFor();
      await field.fill(String(wanted));
      await section.getByRole('button', { name: 'Save' }).click();
      await expectToast(admin, `Returns are open ${wanted} days after delivery`);
      await screenshot(admin, `returns-window-${viewport}`);
      expect(
        await callApi<ReturnSettings>('/admin/return-settings', { token: adminToken }),
      ).toEqual({ windowDays: wanted });
    });
  }
});
