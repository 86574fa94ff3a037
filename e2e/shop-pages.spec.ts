/**
 * Pages the owner writes (issue 36 item 2, decision 094), at both widths: the admin opens Pages,
 * sees the seeded shop's pages, adds one in Markdown with its preview after an address the shop
 * uses itself and one taken already are refused (nothing typed lost), finds it at /pages/{slug}
 * rendered with its head and linked from the footer, and removes it (then GOT LOST). Every screen
 * through axe and the layout checks.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  POLL,
  screenshot,
  SHOP_URL,
  VIEWPORTS,
  visit,
  type ViewportName,
} from './support/browser.js';
import {
  ADMIN,
  clickDashboardMenu,
  expectToast,
  logIn,
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

const TEXT = '## Book a fitting\n\nBring your bike and **your shoes**; a fitting takes an hour.';

describe("the owner's pages", () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`are written in the dashboard, refused in plain words, published and removed (${viewport})`, async () => {
      const shot = (page: Page, step: string, fullPage = true) =>
        screenshot(page, `shop-pages-${step}-${viewport}`, { fullPage });
      const { page } = await openPage(browser, viewport);
      await visit(page, '/login');
      await logIn(page, ADMIN);
      await visit(page, '/dashboard');
      await clickDashboardMenu(page, 'Pages');
      await page.waitForURL('**/dashboard/pages');
      await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
      for (const title of ['About us', 'Privacy policy', 'Returns', 'Shipping', 'Terms of use'])
        await tableRow(page, 'Pages', title).waitFor();
      await shot(page, 'list');

      // Add page: the address follows the title; reserved and taken addresses are refused.
      const id = uniqueId();
      const title = `Bike fitting ${id}`;
      await page.getByRole('button', { name: 'Add page' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a page' });
      await dialog.getByLabel(/^Title/).fill(title);
      const address = dialog.getByLabel(/^Address/);
      expect(await address.inputValue()).toBe(`bike-fitting-${id}`);
      await dialog.getByLabel(/^Text \(Markdown\)/).fill(TEXT);
      const preview = dialog.getByRole('region', { name: 'Preview' });
      await preview.getByRole('heading', { name: 'Book a fitting' }).waitFor();
      await dialog.getByRole('combobox', { name: /Footer column/ }).click();
      await page.getByRole('option', { name: 'Company' }).click();
      await address.fill('admin');
      await dialog
        .getByText("/pages/admin is one of the shop's own addresses: choose another")
        .waitFor();
      const add = dialog.getByRole('button', { name: 'Add page' });
      expect(await add.isDisabled()).toBe(true);
      await shot(page, 'editor-reserved', false);
      await address.fill('shipping');
      await expect.poll(() => add.isEnabled(), POLL).toBe(true);
      await add.click();
      await dialog.getByText('There is a page at /pages/shipping already').first().waitFor();
      expect(await dialog.getByLabel(/^Text \(Markdown\)/).inputValue()).toBe(TEXT);
      await shot(page, 'editor-taken', false);
      const slug = `bike-fitting-${id}`;
      await address.fill(slug);
      await expect.poll(() => add.isEnabled(), POLL).toBe(true);
      await add.click();
      await expectToast(page, `Added ${title}`);
      await tableRow(page, 'Pages', title).waitFor();

      // The page as everyone reads it: rendered by the function with its head, in the footer.
      const html = await (await fetch(`${SHOP_URL}/pages/${slug}`)).text();
      expect(html).toContain(`<title>${title} · Sprocket</title>`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/pages/${slug}" />`));
      expect(html).toContain(`<meta property="og:title" content="${title} · Sprocket" />`);
      expect(html).toContain('<h2>Book a fitting</h2>'); // "##" as written
      await visit(page, `/pages/${slug}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await page.getByText('your shoes').waitFor();
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByRole('link', { name: title }).getAttribute('href')).toBe(
        `/pages/${slug}`,
      );
      await shot(page, 'public');
      await visit(page, '/pages/terms');
      await page.getByRole('heading', { name: 'Terms of use', level: 1 }).waitFor();
      await shot(page, 'terms');

      // Remove: asked first; the address is then GOT LOST.
      await visit(page, '/dashboard/pages');
      await page.getByRole('button', { name: `Remove ${title}` }).click();
      const confirm = page.getByRole('dialog', { name: `Remove ${title}?` });
      await confirm.getByRole('button', { name: 'Remove page' }).click();
      await expectToast(page, `Removed ${title}`);
      expect((await fetch(`${SHOP_URL}/pages/${slug}`)).status).toBe(404);
      await visit(page, `/pages/${slug}`);
      await page.getByText('GOT LOST ?').waitFor();
    });
  }
});
