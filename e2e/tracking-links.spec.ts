/**
 * Tracking links (issue 37 item 1, decision 090), at both widths: the owner adds a carrier of the
 * shop's own under Shipping and Tax (a built-in name refused); ships a customer's order with UPS
 * after a malformed number is refused in words that name UPS's format; the customer finds "Track
 * parcel" on My Orders and the order's page, and a guest on the order's private link, for a parcel
 * of the shop's own carrier; the shipped mail carries the link. Every screen through axe and the
 * layout checks.
 */
import { type Order } from '@sprocket/contract';
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
  addPartOverHttp,
  ADMIN,
  callApi,
  customerOverHttp,
  expectToast,
  freshAccount,
  guestPaidOrderOverHttp,
  mailOverHttp,
  paidOrderOverHttp,
  signedInPage,
  signInOverHttp,
  tableRow,
  uniqueId,
} from './support/shop.js';

const UPS_TYPED = '1Z 999 AA1 0123 456 784';
const UPS_URL = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
const COURIER = { name: 'Velo Courier', urlTemplate: 'https://velo-courier.example/t/{number}' };

let browser: Browser;
let adminToken: string;
const setCarriers = (carriers: unknown[]) =>
  callApi('/admin/tracking-carriers', {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify({ carriers }),
  });

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
  await setCarriers([]);
});
afterAll(async () => {
  // The other journeys expect a shop without carriers of its own.
  if (adminToken) await setCarriers([]);
  await browser?.close();
});

/** A part the journey owns, so no other journey's orders take its stock. */
async function addPart(): Promise<{ partId: string; name: string }> {
  const name = `E2E Tracked Bell ${uniqueId()}`;
  const partId = await addPartOverHttp(adminToken, {
    productName: name,
    description: 'A bell whose parcel the customer follows at the carrier.',
  });
  return { partId, name };
}

const trackLink = (page: Page) => page.getByRole('link', { name: /^Track parcel/ });

describe('tracking links', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`adds a carrier, ships with a checked number, and every reader finds Track parcel (${viewport})`, async () => {
      await setCarriers([]);
      const shot = (page: Page, step: string, fullPage = true) =>
        screenshot(page, `tracking-${step}-${viewport}`, { fullPage });
      const buyer = freshAccount(`tracking-${viewport}`);
      const { accessToken } = await customerOverHttp(buyer);
      const { partId, name } = await addPart();
      const order = await paidOrderOverHttp(accessToken, partId, 1);

      // Shipping and Tax: the shop's own carrier; a built-in name is refused as typed.
      const admin = await signedInPage(browser, viewport, ADMIN);
      await visit(admin, '/dashboard/shipping-tax');
      const tracking = admin.getByRole('region', { name: 'Tracking addresses' });
      await tracking.getByText('Built in: UPS, USPS, FedEx, DHL, Royal Mail, DPD.').waitFor();
      await tracking.getByRole('button', { name: 'Add carrier' }).click();
      const addDialog = admin.getByRole('dialog', { name: 'Add a carrier' });
      await addDialog.getByLabel(/^Name/).fill('Royal Mail');
      await addDialog
        .getByText('Royal Mail is built in: the shop knows its tracking address')
        .waitFor();
      await addDialog.getByLabel(/^Tracking address/).fill('https://velo-courier.example/t/');
      await addDialog.getByText('Put {number} where the tracking number goes').waitFor();
      expect(await addDialog.getByRole('button', { name: 'Add carrier' }).isDisabled()).toBe(true);
      await shot(admin, 'add-carrier-refused', false);
      await addDialog.getByLabel(/^Name/).fill(COURIER.name);
      await addDialog.getByLabel(/^Tracking address/).fill(COURIER.urlTemplate);
      const add = addDialog.getByRole('button', { name: 'Add carrier' });
      await expect.poll(() => add.isEnabled(), POLL).toBe(true);
      await add.click();
      await expectToast(admin, `Added ${COURIER.name}`);
      await tableRow(admin, 'Tracking addresses', COURIER.urlTemplate).waitFor();
      await shot(admin, 'shipping-tax');

      // Ship: UPS picked from the list, a number that is not UPS's refused in UPS's words.
      await visit(admin, `/dashboard/orders/${encodeURIComponent(order._id)}`);
      await admin.getByRole('button', { name: `Ship: ${name} for ${buyer.email}` }).click();
      const shipDialog = admin.getByRole('dialog', { name: `Ship ${name}` });
      await shipDialog.getByRole('combobox', { name: /Carrier/ }).click();
      await admin.getByRole('option', { name: COURIER.name }).waitFor();
      await admin.getByRole('option', { name: 'UPS', exact: true }).click();
      await shipDialog.getByLabel(/^Tracking number/).fill('1Z12');
      await shipDialog
        .getByText(
          'A UPS tracking number is 1Z and 16 letters or digits, such as 1Z999AA10123456784',
        )
        .waitFor();
      const ship = shipDialog.getByRole('button', { name: 'Ship', exact: true });
      expect(await ship.isDisabled()).toBe(true);
      await shot(admin, 'ship-refused', false);
      await shipDialog.getByLabel(/^Tracking number/).fill(UPS_TYPED);
      await expect.poll(() => ship.isEnabled(), POLL).toBe(true);
      await ship.click();
      await expectToast(admin, `Shipped ${name} Order`);
      await expect
        .poll(async () => (await trackLink(admin).getAttribute('href')) ?? '', POLL)
        .toBe(UPS_URL);

      // The customer: My Orders and the order's page.
      const customer = await signedInPage(browser, viewport, buyer);
      await visit(customer, '/dashboard/myOrder');
      const row = tableRow(customer, 'My orders', name);
      await row.getByText('UPS · 1Z999AA10123456784', { exact: true }).waitFor();
      expect(await row.getByRole('link', { name: /^Track parcel/ }).getAttribute('href')).toBe(
        UPS_URL,
      );
      await shot(customer, 'my-orders');
      await visit(customer, `/dashboard/orders/${encodeURIComponent(order._id)}`);
      await customer.getByTestId('tracking-number').getByText('1Z999AA10123456784').waitFor();
      const link = trackLink(customer);
      expect(await link.getAttribute('href')).toBe(UPS_URL);
      expect(await link.getAttribute('target')).toBe('_blank');
      await shot(customer, 'order-page');

      // A guest's parcel with the shop's own carrier, through the private link.
      const guestOrder = await guestPaidOrderOverHttp(partId, 'tracking');
      await callApi<Order>(`/ordered/${encodeURIComponent(guestOrder.id)}/ship`, {
        method: 'POST',
        token: adminToken,
        body: JSON.stringify({ carrier: COURIER.name, trackingNumber: 'vc 4711' }),
      });
      const guest = (await openPage(browser, viewport)).page;
      await visit(
        guest,
        `/checkout/order/${encodeURIComponent(guestOrder.id)}#token=${guestOrder.token}`,
      );
      await guest.getByText(`${COURIER.name} · vc 4711`, { exact: true }).waitFor();
      expect(await trackLink(guest).getAttribute('href')).toBe(
        'https://velo-courier.example/t/VC4711',
      );
      await shot(guest, 'guest-order-link');

      // The shipped mail carries the link.
      const mails = await mailOverHttp(adminToken);
      const shipped = mails.find(
        (mail) => mail.about === order._id && mail.kind === 'order_shipped',
      );
      expect(shipped?.message.text).toContain(`Track parcel: ${UPS_URL}`);
    });
  }
});
