/**
 * Categories the owner manages (issue 36 item 5, decision 108), at both widths: the admin opens
 * Categories, a name another category has is refused as it is typed with nothing lost, adds a
 * category with a specification, moves it up; a part filed under it shows on All Parts with the
 * category's filter; hidden, the category and its part leave All Parts and the sitemap while the
 * part's page still opens; deleting it while it has the part is refused in plain words. What the
 * journey added is removed afterwards. Every screen through axe and the layout checks.
 */
import type { Category, InsertResult } from '@sprocket/contract';
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
import {
  ADMIN,
  callApi,
  clickDashboardMenu,
  expectToast,
  logIn,
  removePart,
  signInOverHttp,
  tableRow,
  uniqueId,
} from './support/shop.js';

let browser: Browser;
let adminToken: string;
/** What a run added, removed after it: the other journeys read the seeded categories. */
let added: { partId?: string; categoryId?: string } = {};
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
});
afterEach(async () => {
  if (added.partId) await removePart(adminToken, added.partId);
  if (added.categoryId)
    await callApi(`/admin/categories/${added.categoryId}`, { method: 'DELETE', token: adminToken });
  added = {};
});
afterAll(async () => {
  await browser?.close();
});

const shownIds = async () => (await callApi<Category[]>('/categories')).map((each) => each.id);

describe('categories the owner manages', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`are added, reordered, hidden and kept while they have parts (${viewport})`, async () => {
      const shot = (page: Page, step: string, fullPage = true) =>
        screenshot(page, `categories-${step}-${viewport}`, { fullPage });
      const name = `Bags ${uniqueId()}`;
      const { page } = await openPage(browser, viewport);
      await visit(page, '/login');
      await logIn(page, ADMIN);
      await visit(page, '/dashboard');
      await clickDashboardMenu(page, 'Categories');
      await page.waitForURL('**/dashboard/categories');
      await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
      await tableRow(page, 'Categories', 'Wheels and tyres').first().waitFor();
      await shot(page, 'list');

      // A name another category has is refused as it is typed; what was ticked stays.
      await page.getByRole('button', { name: 'Add category' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a category' });
      const nameField = dialog.getByRole('textbox', { name: /^Name/ });
      await dialog.getByRole('checkbox', { name: 'Wheel size' }).check();
      await nameField.fill('brakes');
      await dialog.getByText('There is already a category named brakes').waitFor();
      const add = dialog.getByRole('button', { name: 'Add category' });
      expect(await add.isDisabled()).toBe(true);
      await shot(page, 'refused', false);
      await nameField.fill(name);
      await expect.poll(() => add.isEnabled(), POLL).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: 'Wheel size' }).isChecked()).toBe(true);
      await add.click();
      await expectToast(page, `Added ${name}`);
      const id = (await shownIds()).at(-1)!;
      added.categoryId = id;
      expect(id).toMatch(/^bags-/);

      // Moved up one place, before Accessories, in the shop's order too.
      const row = tableRow(page, 'Categories', name);
      await row.getByRole('button', { name: `Move ${name} up` }).click();
      await expect
        .poll(async () => (await shownIds()).slice(-2), POLL)
        .toEqual([id, 'accessories']);

      // A part filed under it is on All Parts, with the category's own filter.
      const productName = `Pannier ${uniqueId()}`;
      const { insertedId } = await callApi<InsertResult>('/parts', {
        method: 'POST',
        token: adminToken,
        body: JSON.stringify({
          productName,
          img: '/parts/test.svg',
          order: 1,
          quantity: 3,
          price: 4500,
          description: 'A rear pannier for the category journey.',
          category: id,
          specs: { wheelSize: '700c' },
        }),
      });
      added.partId = insertedId;
      await visit(page, `/parts?category=${id}`);
      await page.getByText(productName).first().waitFor();
      await shot(page, 'storefront');

      // Hidden: it leaves All Parts and the sitemap; the part's page still opens from a link.
      await visit(page, '/dashboard/categories');
      await tableRow(page, 'Categories', name)
        .getByRole('button', { name: `Hide ${name}` })
        .click();
      await expectToast(page, `${name} is hidden from the shop`);
      await tableRow(page, 'Categories', name).getByText('Hidden').waitFor();
      await shot(page, 'hidden');
      expect(await shownIds()).not.toContain(id);
      const sitemap = await (await fetch(`${SHOP_URL}/sitemap.xml`)).text();
      expect(sitemap).not.toContain(insertedId);
      expect(sitemap).not.toContain(`category=${id}`);
      const listed = await callApi<{ _id: string }[]>('/parts');
      expect(listed.map((each) => each._id)).not.toContain(insertedId);

      // Deleting it while it has the part is refused in plain words.
      await visit(page, '/dashboard/categories');
      await tableRow(page, 'Categories', name)
        .getByRole('button', { name: `Delete ${name}` })
        .click();
      const confirm = page.getByRole('dialog', { name: `Delete the category ${name}?` });
      await confirm.getByRole('button', { name: 'Delete category' }).click();
      await expectToast(page, `${name} still has 1 part: hide it instead`);
      await tableRow(page, 'Categories', name).first().waitFor();

      await visit(page, `/parts/${insertedId}`);
      await page.getByRole('heading', { name: productName, level: 1 }).waitFor();
      await shot(page, 'hidden-part');
      await page.close();
    });
  }
});
