/**
 * A shopper finds a part (docs/product.md §2.4, §2.25): searches All Parts, narrows it to a
 * category, goes back, opens a product page and puts the part in the cart, at phone and desktop
 * width; no picture on the pages visited is broken.
 */
import { CATALOGUE_PAGE_SIZE, TOTAL_COUNT_HEADER, type CataloguePart } from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  POLL,
  STEP_TIMEOUT_MS,
  openPage,
  screenshot,
  SHOP_URL,
  VIEWPORTS,
  type ViewportName,
  visit,
  waitUntilHydrated,
} from './support/browser.js';
import {
  ADMIN,
  customerOverHttp,
  expectToast,
  freshAccount,
  listParts,
  logIn,
  paidOrderOverHttp,
} from './support/shop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The catalogue's answer to a query string, as the API gives it to anyone. */
async function catalogue(search: string): Promise<{ names: string[]; total: number }> {
  const response = await fetch(`${SHOP_URL}/api/parts${search}`);
  const parts = (await response.json()) as CataloguePart[];
  return {
    names: parts.map((part) => part.productName),
    total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? parts.length),
  };
}

const resultsText = (total: number) => (total === 1 ? '1 part' : `${total} parts`);

/** The part names on screen once the results say `total` (the previous page may linger). */
async function shownNames(page: Page, total: number): Promise<string[]> {
  await page
    .getByTestId('catalogue-total')
    .getByText(resultsText(total), { exact: true })
    .waitFor();
  await page.locator('section[aria-busy="false"]').first().waitFor();
  return page.getByTestId('part-link').allInnerTexts();
}

/**
 * Every <img> of the page, once the lazy ones below the fold have had their turn, that did not
 * load: PartImage swaps a failed picture for its placeholder, so there should be none. Written as
 * page source because e2e code is typed for Node, without the DOM library.
 */
const BROKEN_IMAGES = `(async () => {
  for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
    window.scrollTo({ top: y, behavior: 'instant' });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const giveUpAt = Date.now() + ${STEP_TIMEOUT_MS};
  while (Array.from(document.images).some((image) => !image.complete) && Date.now() < giveUpAt)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  window.scrollTo({ top: 0, behavior: 'instant' });
  return Array.from(document.images)
    .filter((image) => !(image.complete && image.naturalWidth > 0))
    .map((image) => image.currentSrc || image.src || '(no address)');
})()`;

async function expectNoBrokenImages(page: Page): Promise<void> {
  expect(await page.evaluate<string[]>(BROKEN_IMAGES)).toEqual([]);
}

describe('catalogue journey', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`searches, filters, opens a product page and adds to the cart (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string) => screenshot(page, `catalogue-${step}-${viewport}`);
      const phone = viewport === 'phone';

      // All Parts: the first page of the whole catalogue and how many parts there are.
      const everything = await catalogue('');
      await visit(page, '/parts');
      await page.getByRole('heading', { level: 1, name: 'All Parts' }).waitFor();
      expect(await shownNames(page, everything.total)).toHaveLength(
        Math.min(everything.total, CATALOGUE_PAGE_SIZE),
      );
      await expectNoBrokenImages(page);
      await shot('all');

      // Search: the words go into the address and the API decides what matches.
      const search = page.getByRole('combobox', { name: 'Search parts' });
      await search.fill('pads');
      await search.press('Enter');
      await page.waitForURL('**/parts?q=pads');
      const pads = await catalogue('?q=pads');
      expect(pads.total).toBeGreaterThan(1);
      expect(await shownNames(page, pads.total)).toEqual(pads.names);

      // A category, from the folded filters on a phone.
      if (phone) await page.getByRole('button', { name: 'Filters' }).click();
      // By its value: each category's option also says how many parts it would give.
      await page.getByLabel('Category').selectOption('brakes');
      await page.waitForURL('**/parts?q=pads&category=brakes');
      const brakePads = await catalogue('?q=pads&category=brakes');
      expect(brakePads.total).toBeGreaterThan(0);
      expect(await shownNames(page, brakePads.total)).toEqual(brakePads.names);
      await shot('filtered');
      // On a phone the filters' sheet covers the results until "Show N results" closes it.
      if (phone)
        await page
          .getByRole('button', {
            name: `Show ${brakePads.total} result${brakePads.total === 1 ? '' : 's'}`,
          })
          .click();

      // The back button restores the search before the category.
      await page.goBack();
      await page.waitForURL('**/parts?q=pads');
      expect(await shownNames(page, pads.total)).toEqual(pads.names);
      expect(await search.inputValue()).toBe('pads');

      // A product page, from the card's name.
      await page.goForward();
      await page.waitForURL('**/parts?q=pads&category=brakes');
      const name = brakePads.names[0] ?? '';
      await page.getByTestId('part-link').filter({ hasText: name }).first().click();
      await page.waitForURL(/\/parts\/[^/?]+$/);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('heading', { level: 2, name: /^Reviews/ }).waitFor();
      await page.getByTestId('product-details').getByTestId('stock-badge').waitFor();
      await expectNoBrokenImages(page);
      await shot('product');

      // Add to cart from the product page: the toast and the cart's count say so.
      const form = page.getByRole('form', { name: `Add ${name} to the cart` });
      const quantity = Number(await form.getByRole('spinbutton').inputValue());
      await form.getByRole('button', { name: `Add to cart: ${name}` }).click();
      await expectToast(page, `${quantity} × ${name} added to your cart`);
      await page
        .getByRole('link', { name: quantity === 1 ? 'Cart, 1 item' : `Cart, ${quantity} items` })
        .waitFor();

      // Home, with the Business Summary's figures: no broken picture there either.
      await visit(page, '/');
      await page
        .getByRole('region', { name: 'Business Summary' })
        .getByText('Orders done')
        .waitFor();
      await page.getByTestId('part-card').first().waitFor();
      await expectNoBrokenImages(page);

      expect(problems).toEqual([]);
      await context.close();
    });

    it(`lets the author edit their review and an admin remove it with a reason (${viewport})`, async () => {
      // A customer's review of a part they paid for, written over HTTP from a verified address.
      const account = freshAccount(`reviewer-${viewport}`);
      const { accessToken } = await customerOverHttp(account);
      const parts = await listParts();
      const part = parts[viewport === 'phone' ? parts.length - 2 : parts.length - 3];
      if (!part) throw new Error('no parts');
      await paidOrderOverHttp(accessToken, part._id, part.order);
      const posted = await fetch(`${SHOP_URL}/api/reviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ partId: part._id, review: 'Fine for the price.', rating: 3 }),
      });
      expect(posted.status).toBe(201);

      // The author finds it on the product page, marked as theirs, and edits it.
      const customer = await openPage(browser, viewport);
      await visit(customer.page, '/login');
      await logIn(customer.page, account);
      await visit(customer.page, `/parts/${encodeURIComponent(part._id)}`);
      const own = customer.page.getByRole('article', { name: `Review by ${account.name}` });
      await own.getByText('Your review').waitFor();
      await own.getByRole('button', { name: 'Edit' }).click();
      const edit = customer.page.getByRole('dialog');
      await edit.getByRole('textbox', { name: /Your review/ }).fill('Better than I thought.');
      await edit.getByRole('button', { name: 'Save review' }).click();
      await expectToast(customer.page, 'Review Updated');
      await own.getByText('Better than I thought.').waitFor();
      await own.getByText(/edited/).waitFor();
      await screenshot(customer.page, `catalogue-own-review-${viewport}`);
      expect(customer.problems).toEqual([]);
      await customer.context.close();

      // An admin removes it, saying why; the page no longer shows it.
      const admin = await openPage(browser, viewport);
      await visit(admin.page, '/login');
      await logIn(admin.page, ADMIN);
      await visit(admin.page, `/parts/${encodeURIComponent(part._id)}`);
      const theirs = admin.page.getByRole('article', { name: `Review by ${account.name}` });
      await theirs.getByRole('button', { name: 'Remove' }).click();
      const removal = admin.page.getByRole('dialog');
      await removal.getByRole('textbox', { name: /Reason for removal/ }).fill('Test review');
      await removal.getByRole('button', { name: 'Remove review' }).click();
      await expectToast(admin.page, `Removed ${account.name}'s review`);
      await theirs.waitFor({ state: 'detached' });
      expect(admin.problems).toEqual([]);
      await admin.context.close();
    });

    it(`searches before the page has come to life, and keeps what was typed meanwhile (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const pads = await catalogue('?q=pads');
      // The page as the server sends it, its scripts held back: a visitor on a slow phone.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await held;
        // The first page's requests were dropped when the form took the browser away.
        await route.continue().catch(() => undefined);
      });
      await page.goto('/parts', { waitUntil: 'commit' });
      const search = page.getByRole('combobox', { name: 'Search parts' });
      await search.fill('pads');
      await search.press('Enter');
      // The browser sends the form itself, and the server renders the results (the page's
      // load event waits for the held scripts).
      await page.waitForURL('**/parts?q=pads', { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: 'All Parts' }).waitFor();
      expect(await shownNames(page, pads.total)).toEqual(pads.names);
      // Words typed before the scripts have run are searched once they have.
      await search.fill('chain');
      release();
      await waitUntilHydrated(page);
      expect(await search.inputValue()).toBe('chain');
      await search.press('Enter');
      await page.waitForURL('**/parts?q=chain');
      const chains = await catalogue('?q=chain');
      expect(await shownNames(page, chains.total)).toEqual(chains.names);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`finds tyres by "tire" from the search box in the header, before and after the page comes to life (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const tyres = await catalogue('?q=tyre');
      const tires = await catalogue('?q=tire');
      expect(tires).toEqual(tyres);
      expect(tires.names).toContain('Gritline Allroad 700×32c Tubeless-Ready Tyre');
      const chains = await catalogue('?q=chian');
      expect(chains.names).toContain('Velotrack CX12 12-Speed Chain');

      // Another page; below desktop width the bar's search button opens the box.
      await visit(page, '/blogs');
      const phone = (page.viewportSize()?.width ?? 0) < 1200;
      if (phone) await page.getByRole('button', { name: 'Open search' }).click();
      const search = page.getByRole('search').getByRole('combobox', { name: 'Search parts' });
      await search.fill('tire');
      await screenshot(page, `catalogue-header-search-${viewport}`);
      await search.press('Enter');
      await page.waitForURL('**/parts?q=tire');
      expect(await shownNames(page, tires.total)).toEqual(tires.names);
      // All Parts' own, not the header's, whose row folds away (its exit may still be running).
      await expect.poll(() => page.getByRole('search').count(), POLL).toBe(1);

      if (!phone) {
        // The home page as the server sends it, its scripts held back: the form is sent by the
        // browser, and the server renders the results.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/assets/*.js', async (route) => {
          await held;
          await route.continue().catch(() => undefined);
        });
        await page.goto('/', { waitUntil: 'commit' });
        await search.fill('chian');
        await search.press('Enter');
        await page.waitForURL('**/parts?q=chian', { waitUntil: 'commit' });
        await page.getByRole('heading', { level: 1, name: 'All Parts' }).waitFor();
        release();
        expect(await shownNames(page, chains.total)).toEqual(chains.names);
      }
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`shows the placeholder for a picture that fails to load (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const parts = (await (
        await fetch(`${SHOP_URL}/api/parts?pageSize=1`)
      ).json()) as CataloguePart[];
      const first = parts[0];
      if (!first) throw new Error('no parts');
      // The part's picture is gone from the server: every request for it answers 404.
      await page.route(`**${first.img}`, (route) => route.fulfill({ status: 404, body: '' }));
      await visit(page, `/parts/${encodeURIComponent(first._id)}`);
      await page.getByRole('heading', { level: 1, name: first.productName }).waitFor();
      await page
        .getByTestId('part-image-placeholder')
        .and(page.getByRole('img', { name: first.productName }))
        .waitFor();
      await expectNoBrokenImages(page);
      await screenshot(page, `catalogue-missing-image-${viewport}`);
      // Chromium reports the refused request itself; nothing else may go wrong.
      expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
      await context.close();
    });
  }
});
