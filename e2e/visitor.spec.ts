/**
 * A visitor who is not signed in: the home page, All Parts, All Reviews, Blogs, a wrong address
 * and the way to the Login screen (docs/product.md §2), at phone and desktop width.
 */
import { CATALOGUE_PAGE_SIZE, type Review } from '@sprocket/contract';
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
} from './support/browser.js';
import { clickNav, listParts } from './support/shop.js';

/** Seeded by the suite (functions/src/seed/catalogue.ts). */
const SEEDED_PARTS = 27;
const PREVIEW_LENGTH = 70;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Text as React writes it into HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

const texts = (page: Page, selector: string) => page.locator(selector).allInnerTexts();

async function checkCarousel(page: Page) {
  const carousel = page.getByRole('region', { name: 'Featured' });
  const slide = (label: string) => carousel.getByRole('group', { name: label });
  const title = async () => (await carousel.getByRole('heading', { level: 2 }).innerText()).trim();
  const previous = carousel.getByRole('button', { name: 'Previous slide' });
  const next = carousel.getByRole('button', { name: 'Next slide' });

  await slide('1 of 3').waitFor();
  const first = await title();
  await previous.click(); // wraps from the first slide to the last
  await slide('3 of 3').waitFor();
  const last = await title();
  await next.click(); // and from the last back to the first
  await slide('1 of 3').waitFor();
  expect(await title()).toBe(first);
  await next.click();
  await slide('2 of 3').waitFor();
  const second = await title();
  await next.click();
  await slide('3 of 3').waitFor();
  expect(await title()).toBe(last);
  expect(new Set([first, second, last]).size).toBe(3);
  await next.click();
  await slide('1 of 3').waitFor();
}

describe('visitor journey', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`browses the shop without signing in (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string, options?: { loading: boolean }) =>
        screenshot(page, `visitor-${step}-${viewport}`, options);
      const apiParts = await listParts();
      const apiReviews = (await (await fetch(`${SHOP_URL}/api/reviews`)).json()) as Review[];

      // Home comes from the server with its first six parts and reviews already in the page,
      // before any script has run (docs/decisions/040).
      const served = await (await fetch(`${SHOP_URL}/`)).text();
      const painted = served.slice(served.indexOf('<div id="root"'), served.indexOf('</body>'));
      const inPage = (text: string) => painted.includes(`>${asHtml(text)}<`);
      expect(painted).toMatch(/<h1[^>]*>Sprocket — bicycle parts<\/h1>/);
      expect(apiParts.slice(0, 7).map((part) => inPage(part.productName))).toEqual([
        ...Array<boolean>(6).fill(true),
        false,
      ]);
      for (const review of apiReviews.slice(0, 6)) expect(inPage(review.productName)).toBe(true);

      // Home opened from another page while the parts and reviews are on their way: headings
      // over six placeholders each.
      await visit(page, '/blogs');
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/(parts|reviews)$/, async (route) => {
        await held;
        await route.continue();
      });
      await clickNav(page, 'Home');
      await page.getByRole('heading', { name: 'Parts are loading' }).waitFor();
      await page.getByRole('heading', { name: 'Reviews are loading' }).waitFor();
      expect(await page.getByTestId('review-skeleton').count()).toBe(6);
      await shot('home-loading', { loading: true });
      release();
      await page.unrouteAll({ behavior: 'wait' });

      // Home opened afresh, the page from the server, once its controls work (disabled until the
      // browser has hydrated it).
      await visit(page, '/');
      await page.locator('button[aria-label="Next slide"]:not([disabled])').waitFor();

      // The first Tab reaches "Skip to content", which takes the keyboard past the navigation.
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate('document.activeElement?.tagName')).toBe('MAIN');

      // Home: carousel, the first six parts, Business Summary, six reviews, contact, footer.
      await checkCarousel(page);
      const partCards = page.getByTestId('part-card');
      await partCards.first().waitFor();
      expect(await partCards.count()).toBe(6);
      const homeNames = await texts(page, '[data-testid="part-card"] h3');
      expect(homeNames).toEqual(apiParts.slice(0, 6).map((part) => part.productName));
      await page.getByRole('heading', { name: 'All Parts' }).waitFor();

      // The Business Summary: the original labels over the store's figures (GET /stats).
      const summary = page.getByRole('region', { name: 'Business Summary' });
      for (const label of ['Total Parts', 'Product Views', 'Orders done'])
        await summary.getByText(label, { exact: true }).waitFor();
      await summary.getByText(/^\d+%$/).waitFor();
      await summary.getByText(/orders? pending$/).waitFor();

      const reviewCards = page.getByTestId('review-card');
      await reviewCards.first().waitFor();
      expect(await reviewCards.count()).toBe(6);
      await page.getByRole('heading', { name: 'Reviews', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Get in touch' }).waitFor();

      // The footer's links lead to real pages (issue 36 item 2): the seeded shop's own pages
      // under the specification's columns, and Contact to the form below; none to "/".
      const footer = page.getByRole('contentinfo');
      const columns = {
        Services: { Returns: '/pages/returns', Shipping: '/pages/shipping' },
        Company: { 'About us': '/pages/about', Contact: '/#contact' },
        Legal: { 'Privacy policy': '/pages/privacy', 'Terms of use': '/pages/terms' },
      };
      for (const title of Object.keys(columns))
        await footer.getByRole('heading', { name: title, exact: true }).waitFor();
      for (const [label, href] of Object.values(columns).flatMap((links) => Object.entries(links)))
        expect(
          await footer.getByRole('link', { name: label, exact: true }).getAttribute('href'),
        ).toBe(href);
      expect(await footer.locator('a[href="/"]').count()).toBe(0);
      await footer.getByText(`Copyright © ${new Date().getFullYear()}`).waitFor();
      await shot('home');

      // All Parts: the first page of the catalogue, how many parts there are in all, and the
      // descriptions cut to 70 characters and an ellipsis.
      await page.getByRole('link', { name: 'See All Parts' }).click();
      await page.waitForURL('**/parts');
      await page.getByRole('heading', { level: 1, name: 'All Parts' }).waitFor();
      expect(apiParts.length).toBeGreaterThanOrEqual(SEEDED_PARTS);
      await page
        .getByTestId('catalogue-total')
        .getByText(`${apiParts.length} parts`, { exact: true })
        .waitFor();
      const firstPage = apiParts.slice(0, CATALOGUE_PAGE_SIZE);
      await partCards.nth(firstPage.length - 1).waitFor();
      expect(await partCards.count()).toBe(firstPage.length);
      const previews = await texts(page, '[data-testid="part-card"] h3 + p');
      firstPage.forEach((part, index) => {
        const preview = previews[index];
        if (part.description.length > PREVIEW_LENGTH) {
          expect(preview).toBe(`${part.description.slice(0, PREVIEW_LENGTH)}...`);
          expect(preview?.endsWith('...')).toBe(true);
        } else expect(preview).toBe(part.description);
      });
      const firstCard = partCards.first();
      const first = apiParts[0];
      if (!first) throw new Error('no parts');
      await firstCard.getByText(`Available: ${first.quantity}`).waitFor();
      await firstCard.getByText(`Min Order: ${first.order}`).waitFor();
      expect(
        await firstCard
          .getByRole('link', { name: `Buy Now: ${first.productName}` })
          .getAttribute('href'),
      ).toBe(`/purchase/${first._id}`);
      await shot('parts');

      // All Reviews: every review, newest (last received) first.
      await clickNav(page, 'Reviews');
      await page.getByRole('heading', { level: 1, name: 'All Reviews' }).waitFor();
      await reviewCards.nth(apiReviews.length - 1).waitFor();
      expect(await reviewCards.count()).toBe(apiReviews.length);
      // Under the page's h1, each card's part name is an h2.
      const shown = await texts(page, '[data-testid="review-card"] h2');
      expect(shown).toEqual(apiReviews.toReversed().map((review) => review.productName));
      const newest = apiReviews.at(-1);
      if (!newest) throw new Error('no reviews');
      await reviewCards.first().getByText(newest.review).waitFor();
      await shot('reviews');

      // Blogs: the five written answers.
      await clickNav(page, 'Blogs');
      await page.getByRole('heading', { level: 1, name: 'Blogs' }).waitFor();
      const answers = page.getByRole('article');
      expect(await answers.count()).toBe(5);
      const questions = await answers.getByRole('heading', { level: 2 }).allInnerTexts();
      for (const topic of [
        /performance/i,
        /state/i,
        /prototypal inheritance/i,
        /unit test/i,
        /state directly/i,
      ])
        expect(questions.some((question) => topic.test(question))).toBe(true);
      // A code block wider than a phone scrolls with the keyboard: it is focusable and named.
      const codeBlock = page.getByRole('region', { name: /^Code example: / }).first();
      await codeBlock.focus();
      expect(await codeBlock.getAttribute('tabindex')).toBe('0');
      await shot('blogs');

      // A wrong address: the server answers it with 404 and the same page (Chromium reports the
      // status in the console, which is expected here).
      expect((await fetch(`${SHOP_URL}/no/such/page`)).status).toBe(404);
      await visit(page, '/no/such/page');
      await page.getByRole('heading', { name: 'GOT LOST ?' }).waitFor();
      problems.splice(
        0,
        problems.length,
        ...problems.filter((problem) => !problem.endsWith(`(${SHOP_URL}/no/such/page)`)),
      );
      await page.getByRole('img', { name: /bicycle/i }).waitFor();
      await shot('not-found');

      // The way in: the Login link.
      await clickNav(page, 'Login');
      await page.waitForURL('**/login');
      await page.getByText('Please Login').waitFor();
      await shot('login');

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
