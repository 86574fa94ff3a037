/**
 * The shop owner's catalogue (issue 12): finds a part in Manage Products by searching, edits its
 * price and sees the new price on All Parts and the product page while the order placed before
 * keeps the old one; uploads a real PNG as its image, which shows in the table and on the product
 * page; puts it on sale under its brand, which the shopper sees struck through (§4.13); and narrows
 * Manage All Orders by search and status (docs/product.md §2.14, §2.17).
 */
import type { InsertResult } from '@sprocket/contract';
import type { Browser, Locator, Page } from 'playwright-core';
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
  expectToast,
  freshAccount,
  logIn,
  paidOrderOverHttp,
  signInOverHttp,
  tableRow,
  uniqueId,
} from './support/shop.js';
import { solidPng } from './support/png.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new part added over HTTP by the seeded admin, so each run edits a part of its own. */
async function addPartOverHttp(adminToken: string, productName: string): Promise<string> {
  const response = await fetch(`${SHOP_URL}/api/parts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      productName,
      category: 'accessories',
      img: '/parts/velotrack-cx12-chain.svg',
      order: 1,
      quantity: 30,
      price: 1200,
      description: 'Cloth rim tape, 18 mm wide, for tubeless-ready rims; a pair.',
    }),
  });
  if (!response.ok) throw new Error(`POST /parts answered ${response.status}`);
  return ((await response.json()) as InsertResult).insertedId;
}

/** The width the browser decoded an image at: 0 while it is broken or not loaded. */
const naturalWidth = (image: Locator) =>
  image.evaluate((element) => ('naturalWidth' in element ? Number(element.naturalWidth) : 0));

async function openDashboard(page: Page) {
  await visit(page, '/login');
  await logIn(page, ADMIN);
  await visit(page, '/dashboard');
  await page.waitForURL('**/dashboard');
}

describe('catalogue admin journey', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`edits a price, uploads an image and narrows the orders (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string) => screenshot(page, `catalogue-admin-${step}-${viewport}`);
      const name = `E2E Rim Tape ${uniqueId()}`;
      const { accessToken: adminToken } = await signInOverHttp(ADMIN);
      const partId = await addPartOverHttp(adminToken, name);
      // A customer bought one at the old price.
      const buyer = freshAccount(`rim-${viewport}`);
      const { accessToken } = await customerOverHttp(buyer);
      await paidOrderOverHttp(accessToken, partId, 1);

      await openDashboard(page);

      // Manage Products: search finds the part; Edit changes its price.
      await clickDashboardMenu(page, 'Manage Products');
      await page.waitForURL('**/dashboard/manageProducts');
      await page.getByRole('searchbox', { name: 'Search parts' }).fill(name);
      await page.waitForURL((url) => url.searchParams.get('q') === name);
      const row = tableRow(page, 'All parts', name);
      await row.getByText('$12.00').waitFor();
      await expect.poll(() => tableRow(page, 'All parts', 'E2E').count(), POLL).toBe(1);
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      await edit.getByLabel('Price Per Unit').fill('13.75');
      // A brand, and a sale: the price it was, struck through on the shopper's pages (decision 102).
      await edit.getByLabel('Brand').fill('Gritline');
      await edit.getByLabel('Compare-at price').fill('13.75');
      await edit.getByText('The compare-at price must be higher than the price').waitFor();
      await edit.getByLabel('Compare-at price').fill('15');
      await screenshot(page, `catalogue-admin-edit-${viewport}`, { fullPage: false });
      await edit.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, `Updated ${name} Product`);
      await edit.waitFor({ state: 'hidden' });
      await row.getByText('$13.75').waitFor();

      // Edit again: upload a PNG made here; the field takes the address the shop answers.
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      await edit.getByLabel('Image file').setInputFiles({
        name: 'rim-tape.png',
        mimeType: 'image/png',
        buffer: solidPng(64, 48, [214, 88, 40]),
      });
      await expect
        .poll(() => edit.getByLabel('Image URL').inputValue(), POLL)
        .toMatch(/^\/api\/files\/.+\.png$/);
      const preview = edit.getByRole('img', { name: 'Preview of the product image' });
      await expect.poll(() => naturalWidth(preview), POLL).toBe(64);
      // A text file named .png is refused in the browser before anything is sent.
      await edit.getByLabel('Image file').setInputFiles({
        name: 'notes.png',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
      await edit.getByText('Upload a PNG, JPEG or WebP image').waitFor();
      await screenshot(page, `catalogue-admin-upload-${viewport}`, { fullPage: false });
      await edit.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, `Updated ${name} Product`);
      await edit.waitFor({ state: 'hidden' });
      await expect.poll(() => naturalWidth(row.getByRole('img', { name })), POLL).toBe(64);
      await shot('manage-products');

      // The shopper's pages show the new price and the uploaded picture.
      await visit(page, `/parts?q=${encodeURIComponent(name)}`);
      const card = page.getByTestId('part-card').filter({ hasText: name });
      // Struck through, and said in words: "was $15.00, now $13.75".
      await card.getByText('Price: was $15.00, now $13.75').waitFor();
      const was = card.getByTestId('was-price');
      expect(await was.textContent()).toBe('$15.00');
      // The style as the page computes it: in the page, globalThis is its window (e2e code is
      // typed for Node, without the DOM library).
      type PageWindow = { getComputedStyle(element: unknown): { textDecorationLine: string } };
      const strike = await was.evaluate(
        (element) =>
          (globalThis as unknown as PageWindow).getComputedStyle(element).textDecorationLine,
      );
      expect(strike).toBe('line-through');
      await expect.poll(() => naturalWidth(card.getByRole('img', { name })), POLL).toBe(64);
      await visit(page, `/parts/${encodeURIComponent(partId)}`);
      await page.getByRole('heading', { name }).waitFor();
      await page.getByText('Price per unit: was $15.00, now $13.75').waitFor();
      // Its structured data names the part's brand, not the shop.
      const product = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
      ) as { brand?: { name: string }; offers?: { price: string } };
      expect(product).toMatchObject({ brand: { name: 'Gritline' }, offers: { price: '13.75' } });
      await expect.poll(() => naturalWidth(page.getByRole('img', { name }).first()), POLL).toBe(64);
      await shot('product-page');

      // Manage All Orders: search by the buyer, then filter by status; the order kept $12.00.
      await visit(page, '/dashboard/orders');
      await page.getByRole('searchbox', { name: 'Search orders' }).fill(buyer.email);
      const orderRow = tableRow(page, 'All orders', buyer.email);
      await orderRow.getByText('$12.00').waitFor();
      await expect.poll(() => tableRow(page, 'All orders', '@').count(), POLL).toBe(1);
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Not Paid' }).click();
      await page.getByText('No orders match.').waitFor();
      // The list and the address change in one transition; on a loaded machine not in one frame.
      // (Read from page.url(): the list changes the address in place, which is no navigation.)
      await expect.poll(() => new URL(page.url()).searchParams.get('status'), POLL).toBe('unpaid');
      await page.goBack();
      await orderRow.getByText('Paid', { exact: true }).waitFor();
      await shot('orders-search');

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
