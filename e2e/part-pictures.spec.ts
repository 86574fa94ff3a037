/**
 * Several pictures per part (issue 36 item 3), at both widths: the owner uploads two pictures
 * at once in Edit, gives each its alt text, makes the second the main one and saves; a file that
 * is no picture is refused and the pictures stay. The card and the product page then show the new
 * main picture through a <picture> whose AVIF copies the browser picks by width, and the API
 * answers the three in order. Every screen through axe and the layout checks.
 */
import type { CataloguePart, InsertResult } from '@sprocket/contract';
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
  expectToast,
  logIn,
  removePart,
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

async function addPartOverHttp(adminToken: string, productName: string): Promise<string> {
  const response = await fetch(`${SHOP_URL}/api/parts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      productName,
      category: 'saddles',
      img: '/parts/velotrack-cx12-chain.svg',
      order: 1,
      quantity: 12,
      price: 5400,
      description: 'A saddle shown from several sides.',
    }),
  });
  if (!response.ok) throw new Error(`POST /parts answered ${response.status}`);
  return ((await response.json()) as InsertResult).insertedId;
}

/** The address the browser chose for an <img> (in a <picture>, one of its sources'). */
const currentSrc = (image: Locator) =>
  image.evaluate((element) => ('currentSrc' in element ? String(element.currentSrc) : ''));
/** The AVIF source's srcset of the <picture> around an <img>. */
const avifSrcSet = (image: Locator) =>
  image.evaluate(
    (element) =>
      element.parentElement?.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ??
      '',
  );

async function openDashboard(page: Page) {
  await visit(page, '/login');
  await logIn(page, ADMIN);
  await visit(page, '/dashboard');
  await page.waitForURL('**/dashboard');
}

describe('several pictures per part', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`uploads, describes and reorders a part's pictures, shown through srcset (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const name = `E2E Pictured Saddle ${uniqueId()}`;
      const { accessToken: adminToken } = await signInOverHttp(ADMIN);
      const partId = await addPartOverHttp(adminToken, name);
      try {
        await openDashboard(page);
        await clickDashboardMenu(page, 'Manage Products');
        await page.waitForURL('**/dashboard/manageProducts');
        await page.getByRole('searchbox', { name: 'Search parts' }).fill(name);
        const row = tableRow(page, 'All parts', name);
        await row.getByRole('button', { name: `Edit ${name}` }).click();
        const edit = page.getByRole('dialog', { name: `Edit ${name}` });

        // Two pictures at once, 800 px wide: each copied at 320 and 640 px.
        await edit.getByLabel('Picture files').setInputFiles([
          { name: 'top.png', mimeType: 'image/png', buffer: solidPng(800, 400, [40, 120, 200]) },
          { name: 'side.png', mimeType: 'image/png', buffer: solidPng(800, 400, [200, 90, 40]) },
        ]);
        const secondAlt = edit.getByLabel('Picture 2 alt text');
        await secondAlt.waitFor();
        await edit.getByLabel('Picture 3 alt text').waitFor();
        await expect
          .poll(
            () => edit.getByText('Describe the picture in a few words (its alt text)').count(),
            POLL,
          )
          .toBe(2);
        await secondAlt.fill('The saddle from above');
        await edit.getByLabel('Picture 3 alt text').fill('The saddle from the side');

        // A text file named .png is refused in the browser; the pictures stay.
        await edit.getByLabel('Picture files').setInputFiles({
          name: 'notes.png',
          mimeType: 'text/plain',
          buffer: Buffer.from('not a picture'),
        });
        await edit.getByText('notes.png: Upload a PNG, JPEG or WebP image').waitFor();
        expect(await edit.getByLabel('Picture 3 alt text').inputValue()).toBe(
          'The saddle from the side',
        );
        await edit.getByLabel('Picture 2 alt text').scrollIntoViewIfNeeded();
        await screenshot(page, `part-pictures-edit-${viewport}`, { fullPage: false });

        await edit.getByRole('button', { name: 'Make picture 2 the main picture' }).click();
        expect(await edit.getByLabel('Main picture alt text').inputValue()).toBe(
          'The saddle from above',
        );
        await edit.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, `Updated ${name} Product`);
        await edit.waitFor({ state: 'hidden' });

        const part = await (await fetch(`${SHOP_URL}/api/parts/${partId}`)).json();
        const { img, images } = part as CataloguePart;
        expect(images.map((picture) => picture.alt)).toEqual([
          'The saddle from above',
          name,
          'The saddle from the side',
        ]);
        expect(img).toBe(images[0]?.url);
        expect(images[0]?.renditions?.map((copy) => copy.width)).toEqual([320, 640]);

        // The card and the product page: the new main picture, its AVIF copy chosen by width.
        await visit(page, `/parts?q=${encodeURIComponent(name)}`);
        const card = page.getByTestId('part-card').filter({ hasText: name });
        const cardImage = card.getByRole('img', { name: 'The saddle from above' });
        await cardImage.waitFor();
        expect(await avifSrcSet(cardImage)).toMatch(/-320\.avif 320w, .+-640\.avif 640w$/);
        await expect.poll(() => currentSrc(cardImage), POLL).toMatch(/-(320|640)\.avif$/);
        await screenshot(page, `part-pictures-card-${viewport}`);

        await visit(page, `/parts/${encodeURIComponent(partId)}`);
        await page.getByRole('heading', { name }).waitFor();
        const main = page.getByRole('img', { name: 'The saddle from above' }).first();
        await expect.poll(() => currentSrc(main), POLL).toMatch(/-(320|640)\.avif$/);
        await screenshot(page, `part-pictures-product-${viewport}`);

        const copy = await fetch(`${SHOP_URL}${new URL(await currentSrc(main)).pathname}`);
        expect(copy.headers.get('content-type')).toBe('image/avif');
        expect(copy.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(problems).toEqual([]);
      } finally {
        await removePart(adminToken, partId);
        await context.close();
      }
    });
  }
});
