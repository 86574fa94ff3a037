/**
 * The admin as a shop owner expects (issue 36 item 7), at both widths: the dashboard opens on the
 * Overview; Manage Products fits the window without clipping a column; Low stock lists a size
 * added with 0 units, from its creation, and takes its stock in its row; All Orders opens on what
 * is left to ship. Every screen through axe and the layout checks.
 */
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
  clickDashboardMenu,
  clickNav,
  expectToast,
  logIn,
  removePart,
  signInOverHttp,
  tableRow,
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

/**
 * What of a table is cut off: how far it reaches past the box that holds it and past the window,
 * in pixels (0 when it fits). Page source, as e2e code is typed without the DOM library.
 */
const clipping = (page: Page, label: string) =>
  page.evaluate(`(() => {
    const table = document.querySelector('table[aria-label="${label}"]');
    const box = table.parentElement;
    const right = Math.max(...[...table.querySelectorAll('th, td, button')].map((cell) => cell.getBoundingClientRect().right));
    return {
      pastBox: Math.max(0, Math.round(right - box.getBoundingClientRect().right)),
      scrolls: box.scrollWidth > box.clientWidth + 1,
      pastWindow: Math.max(0, Math.round(right - document.documentElement.clientWidth)),
    };
  })()`);

describe('the admin as a shop owner expects', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`opens on the Overview, fits Manage Products, lists every low size, opens All Orders on to ship (${viewport})`, async () => {
      const { page } = await openPage(browser, viewport);
      const shot = (step: string) => screenshot(page, `admin-opening-${step}-${viewport}`);
      // A tyre in two sizes, one added with nothing in stock.
      const name = `E2E Empty-size tyre ${uniqueId().slice(-6)}`;
      const sku = (size: string) => `EMPTY-${name.slice(-6)}-${size}`.toUpperCase();
      const partId = await addPartOverHttp(adminToken, {
        productName: name,
        img: '/parts/halden-cork-bar-tape.svg',
        description: 'A folding road tyre whose 28c has not come in yet.',
        category: 'wheels-and-tyres',
        options: [{ name: 'Size', values: ['28c', '32c'] }],
        variants: [
          { sku: sku('28c'), options: { Size: '28c' }, price: 3999, quantity: 0 },
          { sku: sku('32c'), options: { Size: '32c' }, price: 4299, quantity: 20 },
        ],
      });

      // The dashboard opens on the Overview.
      await visit(page, '/login');
      await logIn(page, ADMIN);
      await clickNav(page, 'Dashboard');
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

      // Manage Products: every column whole, the newest part (the tyre) first.
      await clickDashboardMenu(page, 'Manage Products');
      await page.waitForURL('**/dashboard/manageProducts');
      await tableRow(page, 'All parts', name).waitFor();
      if (viewport === 'desktop') {
        expect(await clipping(page, 'All parts')).toEqual({
          pastBox: 0,
          scrolls: false,
          pastWindow: 0,
        });
      }
      await shot('manage-products');

      // Low stock: the size added with 0 units, with Add Stock in its row.
      await page.getByRole('link', { name: 'Low stock' }).click();
      const row = tableRow(page, 'Low stock', `${name} (28c)`);
      await row.waitFor();
      expect(await row.locator('td').first().textContent()).toBe('0');
      expect(await tableRow(page, 'Low stock', `${name} (32c)`).count()).toBe(0);
      await shot('low-stock');
      await row.getByRole('textbox', { name: `Quantity to add to ${name} (28c)` }).fill('12');
      await row.getByRole('button', { name: /add stock/i }).click();
      await expectToast(page, 'Updated Successfully');
      await expect.poll(() => row.count(), POLL).toBe(0);

      // All Orders opens on what is left to ship.
      await clickDashboardMenu(page, 'Manage All Orders');
      await page.waitForURL('**/dashboard/orders');
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Status' }).textContent(), POLL)
        .toBe('To ship');
      await shot('all-orders');

      await removePart(adminToken, partId);
    });
  }
});
