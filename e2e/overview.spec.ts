/**
 * The owner's Overview (issue 27 items 1 and 3): orders paid today show in the figures, the chart
 * and the table, which say what GET /admin/sales says; a part taken to its threshold is listed
 * under Low stock and in Manage Products' filter. At both widths, every screen checked by axe and
 * the layout checks, with the charts still (no animation runs while a screen is checked).
 */
import type { SalesReport } from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
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
  clickNav,
  customerOverHttp,
  freshAccount,
  logIn,
  paidOrderOverHttp,
  signInOverHttp,
  tableRow,
  uniqueId,
} from './support/shop.js';

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

let browser: Browser;
let adminToken: string;
const partName = `Overview chain ${uniqueId()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
  // A part with a threshold of 8, and a customer who buys it down to 7.
  const partId = await addPartOverHttp(adminToken, {
    productName: partName,
    description: 'A chain for the Overview journey.',
    quantity: 12,
    price: 2999,
    lowStock: 8,
  });
  const { accessToken } = await customerOverHttp(freshAccount('overview'));
  await paidOrderOverHttp(accessToken, partId, 3);
  await paidOrderOverHttp(accessToken, partId, 2);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The charts' drawing, twice a few frames apart: the same markup when nothing animates (reduced
 * motion, which x-charts honours: a bar growing or a line drawing would change its geometry).
 */
async function chartsAreStill(page: Page): Promise<void> {
  const drawing = () =>
    page.evaluate(
      `Array.from(document.querySelectorAll('[data-testid="sales-charts"] svg')).map((svg) => svg.outerHTML)`,
    ) as Promise<string[]>;
  const first = await drawing();
  expect(first.length).toBeGreaterThanOrEqual(2);
  expect(first.join('')).toMatch(/MuiBarChart-element/);
  expect(first.join('')).toMatch(/MuiLineChart-line/);
  await page.waitForTimeout(300);
  expect(await drawing()).toEqual(first);
}

describe('the Overview', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`shows the sales of the days as the API counts them, and the parts running out (${viewport})`, async () => {
      const { page, problems } = await openPage(browser, viewport);
      const shot = (step: string) => screenshot(page, `overview-${step}-${viewport}`);
      await visit(page, '/login');
      await logIn(page, ADMIN);
      await clickNav(page, 'Dashboard');
      // An admin's dashboard opens on the Overview (issue 36 item 7).
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      // First in the admin's menu (the phone's is the same list, in a drawer).
      if (viewport === 'desktop') {
        const menu = page.getByRole('navigation', { name: 'Dashboard' });
        await menu.getByRole('link', { name: 'Overview' }).waitFor();
        expect((await menu.getByRole('link').first().textContent())?.trim()).toBe('Overview');
      }
      await clickDashboardMenu(page, 'Overview');
      await page.waitForURL('**/dashboard/overview');

      const table = page.getByRole('table', { name: 'Sales per day' });
      await table.waitFor();
      const report = await callApi<SalesReport>('/admin/sales?days=7', { token: adminToken });
      const today = report.days.at(-1)!;
      expect(today.orders).toBeGreaterThanOrEqual(2);
      const todayRow = table.getByRole('row').last();
      await expect
        .poll(async () => (await todayRow.locator('td').allTextContents()).slice(0, 2))
        .toEqual([String(today.orders), dollars(today.revenue)]);
      await page
        .getByRole('region', { name: 'Revenue', exact: true })
        .getByText(dollars(report.current.revenue), { exact: true })
        .waitFor();
      await tableRow(page, 'Top parts by revenue', partName).waitFor();
      await tableRow(page, 'Low stock', partName).getByText('7', { exact: true }).waitFor();
      await chartsAreStill(page);
      await shot('7-days');

      await page.getByRole('button', { name: '30 days' }).click();
      await page.waitForURL('**/dashboard/overview?days=30');
      const month = await callApi<SalesReport>('/admin/sales?days=30', { token: adminToken });
      await page.getByText(`Days ${month.from} to ${month.to}`, { exact: false }).waitFor();
      await table.getByRole('row').nth(30).waitFor();
      await chartsAreStill(page);
      await shot('30-days');

      await page.getByRole('link', { name: 'Restock them in Manage Products' }).click();
      await page.waitForURL('**/dashboard/manageProducts?stock=low');
      await tableRow(page, 'Low stock', partName).waitFor();
      await shot('manage-low-stock');
      expect(problems).toEqual([]);
    });
  }
});
