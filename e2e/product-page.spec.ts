/**
 * A product page that sells (issue 35 item 7), at both widths: Buy Now on a phone's first screen
 * (also for a part with a size picker); a gallery of the part's pictures whose thumbnails choose
 * one, and which opens a picture on the whole screen to zoom in, step and swipe through; the parts
 * that fit it and related parts, as the API answers them; and on a phone, once the buying
 * controls scroll away, a bar with the price and Add to cart that adds to the cart. Every screen
 * through axe and the layout checks.
 */
import type { RelatedParts } from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  POLL,
  screenshot,
  VIEWPORTS,
  type ViewportName,
  visit,
} from './support/browser.js';
import {
  addPartOverHttp,
  addSizedTyre,
  ADMIN,
  callApi,
  expectToast,
  inView,
  removePart,
  signInOverHttp,
  uniqueId,
} from './support/shop.js';

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ accessToken: adminToken } = await signInOverHttp(ADMIN));
});
afterAll(async () => {
  await browser?.close();
});

const pictures = [
  { url: '/parts/velotrack-11-34-cassette.svg', alt: 'The cassette from the side' },
  { url: '/parts/shimano-105-r7000-cassette.svg', alt: 'The cassette from the front' },
  { url: '/parts/shimano-deore-m6100-cassette.svg', alt: 'The cassette on a hub' },
];

async function addCassette(name: string): Promise<string> {
  return addPartOverHttp(adminToken, {
    productName: name,
    category: 'drivetrain',
    specs: { speeds: 11, freehub: 'hg' },
    images: pictures,
    price: 6499,
    description: 'An 11-speed cassette for the product page journey.',
  });
}

/** Page source: e2e code is typed for Node, without the DOM library. */
const SCROLL_TO_TOP = `window.scrollTo({ top: 0, behavior: 'instant' })`;

/** The names on a row of parts below the product ("Fits with this part", "Related parts"). */
const rowNames = (page: Page, title: string) =>
  page
    .getByRole('region', { name: title })
    .getByTestId('related-part')
    .getByRole('heading')
    .allInnerTexts();

describe('a product page that sells', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`shows a gallery to zoom, the parts that fit, and keeps buying in reach (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const phone = VIEWPORTS[viewport].width < 900;
      const name = `E2E Gallery Cassette ${uniqueId()}`;
      const partId = await addCassette(name);
      const tyre = await addSizedTyre(adminToken, 'E2E Fold Tyre', 'PDP', 5);
      try {
        // A part with a size picker: Buy Now is on the first screen, even on a phone.
        await visit(page, `/parts/${tyre.id}`);
        await page.getByRole('heading', { name: tyre.name }).waitFor();
        expect(await inView(page.getByRole('link', { name: 'Buy Now' }))).toBe(true);

        await visit(page, `/parts/${partId}`);
        await page.getByRole('heading', { name }).waitFor();
        const buyNow = page.getByRole('link', { name: 'Buy Now' });
        expect(await inView(buyNow)).toBe(true);
        const gallery = page.getByRole('region', { name: `Pictures of ${name}` });
        if (!phone) {
          // Thumbnails choose the picture shown.
          const second = gallery.getByRole('button', {
            name: `Show picture 2: ${pictures[1]!.alt}`,
          });
          await second.click();
          await expect.poll(() => second.getAttribute('aria-current'), POLL).toBe('true');
        }

        // The related rows are the API's answer, as cards that lead to their pages.
        const related = await callApi<RelatedParts>(`/parts/${partId}/related`);
        expect(related.fits.length).toBeGreaterThan(0);
        await page.getByRole('heading', { name: 'Fits with this part' }).waitFor();
        expect(await rowNames(page, 'Fits with this part')).toEqual(
          related.fits.map((part) => part.productName),
        );
        expect(await rowNames(page, 'Related parts')).toEqual(
          related.related.map((part) => part.productName),
        );
        await screenshot(page, `product-page-${viewport}`);

        // On a phone, the controls scrolled away: the bar at the foot adds to the cart.
        const bar = page.getByTestId('phone-buy-bar');
        await page.getByRole('heading', { name: 'Related parts' }).scrollIntoViewIfNeeded();
        if (phone) {
          await bar.waitFor();
          await bar.getByText('$64.99').waitFor();
          await screenshot(page, `product-page-bar-${viewport}`, { fullPage: false });
          await bar.getByRole('button', { name: 'Add to cart' }).click();
          await expectToast(page, `1 × ${name} added to your cart`);
          await page.evaluate(SCROLL_TO_TOP);
          await bar.waitFor({ state: 'detached' });
        } else {
          expect(await bar.count()).toBe(0);
        }

        // A tap on the picture opens it on the whole screen; Zoom in shows it wider than the screen.
        await page.evaluate(SCROLL_TO_TOP);
        const first = pictures[0]!;
        await gallery.getByRole('link', { name: `Zoom in: ${first.alt}` }).click();
        const zoom = page.getByRole('dialog', { name: first.alt });
        await zoom.waitFor();
        await zoom.getByRole('button', { name: 'Zoom in' }).click();
        await zoom.getByRole('button', { name: 'Zoom out', pressed: true }).waitFor();
        const zoomed = zoom.getByRole('img', { name: first.alt });
        await expect
          .poll(async () => (await zoomed.boundingBox())?.width ?? 0, POLL)
          .toBeGreaterThan(VIEWPORTS[viewport].width * 2);
        await screenshot(page, `product-page-zoom-${viewport}`, { fullPage: false });

        // Next, a swipe and the arrow keys step through the pictures; Close goes back.
        await zoom.getByRole('button', { name: 'Next picture' }).click();
        await page.getByRole('dialog', { name: pictures[1]!.alt }).waitFor();
        const area = await page.getByTestId('zoomed-picture').boundingBox();
        if (!area) throw new Error('The zoomed picture has no box');
        const y = area.y + area.height / 2;
        await page.mouse.move(area.x + area.width * 0.8, y);
        await page.mouse.down();
        await page.mouse.move(area.x + area.width * 0.2, y, { steps: 5 });
        await page.mouse.up();
        await page.getByRole('dialog', { name: pictures[2]!.alt }).waitFor();
        await page.keyboard.press('ArrowLeft');
        const back = page.getByRole('dialog', { name: pictures[1]!.alt });
        await back.waitFor();
        await back.getByRole('button', { name: 'Close' }).click();
        await back.waitFor({ state: 'detached' });
        if (!phone) {
          await expect
            .poll(
              () =>
                gallery
                  .getByRole('button', { name: `Show picture 2: ${pictures[1]!.alt}` })
                  .getAttribute('aria-current'),
              POLL,
            )
            .toBe('true');
        }
        expect(problems).toEqual([]);
      } finally {
        await removePart(adminToken, partId);
        await removePart(adminToken, tyre.id);
        await context.close();
      }
    });
  }
});
