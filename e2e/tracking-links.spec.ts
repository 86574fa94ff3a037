/**
 * Tracking links (issue 37 item 1, decision 090), at both widths: the owner adds a carrier of the
 * shop's own under Shipping and Tax (a built-in name refused); ships a customer's order with UPS
 * after a malformed number is refused in words that name UPS's format; the customer finds "Track
 * parcel" on My Orders and the order's page, and a guest on the order's private link, for a parcel
 * of the shop's own carrier; the shipped mail carries the link. Every screen through axe and the
 * layout checks.
 */
import {
  ORDER_TOKEN_HEADER,
  type CheckoutResult,
  type InsertResult,
  type Order,
} from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
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
  callApi,
  customerOverHttp,
  expectToast,
  freshAccount,
  logIn,
  mailOverHttp,
  paidOrderOverHttp,
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
  const { insertedId: partId } = await callApi<InsertResult>('/parts', {
    method: 'POST',
    token: adminToken,
    body: JSON.stringify({
      productName: name,
      img: '/parts/velotrack-cx12-chain.svg',
      order: 1,
      quantity: 20,
      price: 1200,
      description: 'A bell whose parcel the customer follows at the carrier.',
    }),
  });
  return { partId, name };
}

/** The API over HTTP with the order's private link, as a guest's browser calls it. */
async function withLink<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${SHOP_URL}/api${path}`, {
    method: path.startsWith('/ordered/') ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json', [ORDER_TOKEN_HEADER]: token },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** A guest's paid order of the part: its id and its private link's token. */
async function guestPaidOrder(partId: string): Promise<{ id: string; token: string }> {
  const placed = await fetch(`${SHOP_URL}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ partId, quantity: 1 }],
      address: '1 Test Lane, Bristol',
      number: '01174960000',
      country: 'GB',
      email: `guest-tracking-${uniqueId()}@example.com`,
      name: 'Grace Guest',
    }),
  });
  expect(placed.status).toBe(201);
  const { insertedId: id, orderToken: token = '' } = (await placed.json()) as CheckoutResult;
  const { clientSecret } = await withLink<{ clientSecret: string }>(
    '/create-payment-intent',
    token,
    { orderId: id },
  );
  const { transactionId } = await withLink<{ transactionId: string }>(
    '/payments/simulated/confirm',
    token,
    {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
    },
  );
  await withLink(`/ordered/${encodeURIComponent(id)}`, token, { transactionId });
  return { id, token };
}

async function signedIn(viewport: ViewportName, account: { email: string; password: string }) {
  const watched = await openPage(browser, viewport);
  await visit(watched.page, '/login');
  await logIn(watched.page, account);
  return watched.page;
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
      const admin = await signedIn(viewport, ADMIN);
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
      const customer = await signedIn(viewport, buyer);
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
      const guestOrder = await guestPaidOrder(partId);
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
