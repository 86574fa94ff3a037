/**
 * The shop's brand (issue 36 item 1, decision 104), at both widths: the admin opens Brand, a
 * colour too pale and a logo too large are refused in plain words with nothing typed lost, then
 * saves a long name, an accent and a logo; the storefront's header, footer and title show them (a
 * long name cut, not breaking the phone's header), the home page's head names the shop, and a
 * customer's mail is named and signed by it. The seeded brand is put back afterwards, as the other
 * journeys expect Sprocket. Every screen through axe and the layout checks.
 */
import { orderNumber, type BrandSettings, type CataloguePart } from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { solidPng } from './support/png.js';
import {
  ADMIN,
  callApi,
  checkoutOverHttp,
  clickDashboardMenu,
  customerOverHttp,
  expectToast,
  freshAccount,
  logIn,
  mailOverHttp,
  signInOverHttp,
  uniqueId,
} from './support/shop.js';

let browser: Browser;
let seeded: BrandSettings;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  seeded = await callApi<BrandSettings>('/brand');
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
});
// The next width and the other journeys read the seeded shop's name.
afterEach(async () => {
  if (seeded && adminToken)
    await callApi('/admin/brand', {
      method: 'PUT',
      token: adminToken,
      body: JSON.stringify(seeded),
    });
});
afterAll(async () => {
  await browser?.close();
});

describe("the shop's brand", () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`is set in the dashboard and shown on every page and in the mails (${viewport})`, async () => {
      const shot = (page: Page, step: string, fullPage = true) =>
        screenshot(page, `brand-${step}-${viewport}`, { fullPage });
      const name = `Velo Nord Bicycle Parts and Repairs ${uniqueId()}`;
      const { page } = await openPage(browser, viewport);
      await visit(page, '/login');
      await logIn(page, ADMIN);
      await visit(page, '/dashboard');
      await clickDashboardMenu(page, 'Brand');
      await page.waitForURL('**/dashboard/brand');
      await page.getByRole('heading', { name: 'Brand', level: 1 }).waitFor();
      const nameField = page.getByRole('textbox', { name: /^Shop name/ });
      expect(await nameField.inputValue()).toBe(seeded.name);
      await shot(page, 'form');

      await nameField.fill(name);
      const accent = page.getByRole('textbox', { name: /^Accent colour/ });
      await accent.fill('#fafafa');
      await page.getByText(/^#fafafa is too pale: buttons in it would hardly stand out/).waitFor();
      const save = page.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await accent.fill('#1565c0');
      await page.getByText(/Its text is white: \d+(\.\d)?:1 contrast/).waitFor();

      // A logo over the limit is refused under its button; what was typed stays.
      const logoFile = page.getByLabel('Logo file');
      await logoFile.setInputFiles({
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(1024 * 1024 + 1),
      });
      await page.getByText('The logo must be at most 1 MB').waitFor();
      expect(await nameField.inputValue()).toBe(name);
      await shot(page, 'refused');
      await logoFile.setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: solidPng(600, 200, [21, 101, 192]),
      });
      const preview = page.getByTestId('logo-preview').locator('img');
      await expect
        .poll(async () => (await preview.getAttribute('src')) ?? '', POLL)
        .toMatch(/^\/api\/files\/logo-[0-9a-f]{64}\.png$/);
      await page.getByRole('textbox', { name: /^Email/ }).fill('hello@velonord.example');
      await expect.poll(() => save.isEnabled(), POLL).toBe(true);
      await save.click();
      await expectToast(page, 'Brand saved');
      await shot(page, 'saved');

      // The storefront, rendered by the function, in the new brand.
      await visit(page, '/');
      expect(await page.title()).toBe(`${name} — bicycle parts`);
      const header = page.getByRole('banner');
      const home = header.getByRole('link', { name });
      await home.waitFor();
      expect(await home.locator('img').getAttribute('src')).toMatch(/^\/api\/files\/logo-/);
      // A long name is cut inside the header, never pushing its buttons out of the window.
      const box = await home.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      const footer = page.getByRole('contentinfo');
      await footer
        .getByText(`Copyright © ${new Date().getFullYear()} ${name} — bicycle parts.`, {
          exact: false,
        })
        .waitFor();
      await footer.getByRole('link', { name: 'hello@velonord.example' }).waitFor();
      const html = await (await fetch(`${SHOP_URL}/`)).text();
      expect(html).toContain(`<meta property="og:site_name" content="${name}" />`);
      expect(html).toContain('"@type":"Organization"');
      await shot(page, 'home');

      // A customer's mail is named and signed by the shop.
      const customer = await customerOverHttp(freshAccount('brand'));
      const [part] = (await callApi<CataloguePart[]>('/parts')).filter(
        (each) => each.quantity >= each.order && each.variants.length === 0,
      );
      const order = await checkoutOverHttp(customer.accessToken, [
        { partId: part!._id, quantity: part!.order },
      ]);
      const mail = (await mailOverHttp(adminToken)).find(
        (each) => each.about === order._id && each.kind === 'order_placed',
      );
      expect(mail?.message.subject).toBe(`${name}: we have your order ${orderNumber(order._id)}`);
      expect(mail?.message.text).toContain(`${name}\nhello@velonord.example`);

      await page.close();
    });
  }
});
