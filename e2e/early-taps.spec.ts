/**
 * No lost taps (issue 35 item 3, docs/decisions/086): what a shopper does on a page the server
 * rendered before its scripts have run is still there once they have. The scripts are held back
 * (every `/assets/*.js` waits) while the journey ticks filters, picks a sort, types a search, a
 * quantity and a price, chooses a size and taps Add to cart; then they are let go, and the page,
 * hydrated, shows and applies what was done: the filters in the address and the results, the
 * words and the quantity still typed, the size and the line in the cart. At both widths.
 */
import { catalogueSearch, TOTAL_COUNT_HEADER, type CataloguePart } from '@sprocket/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  POLL,
  screenshot,
  SHOP_URL,
  VIEWPORTS,
  type ViewportName,
  waitUntilHydrated,
} from './support/browser.js';
import {
  ADMIN,
  addSizedTyre,
  holdScripts,
  removePart,
  signInOverHttp,
  type SizedTyre,
} from './support/shop.js';

let browser: Browser;
let adminToken: string;
/** A tyre in two sizes, added for this journey and deleted after it. */
let tyre: SizedTyre;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
  tyre = await addSizedTyre(adminToken, 'Early tyre', 'EARLY', 8);
});
afterAll(async () => {
  if (tyre) await removePart(adminToken, tyre.id);
  await browser?.close();
});

async function catalogue(search: string): Promise<{ names: string[]; total: number }> {
  const response = await fetch(`${SHOP_URL}/api/parts${search}`);
  const parts = (await response.json()) as CataloguePart[];
  return {
    names: parts.map((part) => part.productName),
    total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? parts.length),
  };
}

describe('what a shopper does before the scripts have run is kept', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`All Parts: filters ticked, a sort and a price chosen, words typed (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const scripts = await holdScripts(page);
      await page.goto('/parts', { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: 'All Parts' }).waitFor();

      // On a phone the Filters button, a link until then, unfolds them.
      if (viewport === 'phone') await page.getByRole('link', { name: /Filters/ }).click();
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByLabel('Category').selectOption('drivetrain');
      await filters.getByRole('group', { name: 'Speeds' }).getByLabel('12').check();
      await filters.getByLabel('In stock only').check();
      const minPrice = filters.getByRole('textbox', { name: 'Min price' });
      await minPrice.fill('10');
      await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
      // Typed and not sent: it stays typed, and nothing is searched for.
      const search = page.getByRole('combobox', { name: 'Search parts' });
      await search.fill('chain');

      scripts.release();
      await waitUntilHydrated(page);

      const chosen = catalogueSearch({
        category: 'drivetrain',
        minPrice: 1000,
        inStock: true,
        specs: { speeds: [12] },
        sort: 'price',
      });
      await expect.poll(() => new URL(page.url()).search, POLL).toBe(chosen);
      const expected = await catalogue(chosen);
      expect(expected.total).toBeGreaterThan(0);
      await page
        .getByTestId('catalogue-total')
        .getByText(expected.total === 1 ? '1 part' : `${expected.total} parts`, { exact: true })
        .waitFor();
      await expect
        .poll(() => page.getByTestId('part-link').allInnerTexts(), POLL)
        .toEqual(expected.names);
      expect(
        await filters.getByRole('group', { name: 'Speeds' }).getByLabel('12').isChecked(),
      ).toBe(true);
      expect(await filters.getByLabel('In stock only').isChecked()).toBe(true);
      expect(await filters.getByLabel('Category').inputValue()).toBe('drivetrain');
      expect(await minPrice.inputValue()).toBe('10.00');
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price');
      expect(await search.inputValue()).toBe('chain');
      if (viewport === 'phone') {
        // Still open, and a tap on the button, a toggle now, folds them.
        const toggle = page.getByRole('button', { name: /Filters/ });
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      }
      await screenshot(page, `early-taps-filters-${viewport}`);

      // Once hydrated, a tick applies at once and stays ticked.
      await filters.getByRole('group', { name: 'Speeds' }).getByLabel('11').check();
      await expect
        .poll(() => new URL(page.url()).searchParams.getAll('spec.speeds'), POLL)
        .toEqual(['12', '11']);
      expect(
        await filters.getByRole('group', { name: 'Speeds' }).getByLabel('11').isChecked(),
      ).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`Home: a quantity and the header's search typed (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const scripts = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      const card = page
        .getByTestId('part-card')
        .filter({ has: page.getByRole('spinbutton') })
        .first();
      await card.waitFor();
      const name = await card.getByTestId('part-link').innerText();
      const quantity = card.getByRole('spinbutton', { name: `Quantity of ${name}` });
      const min = Number(await quantity.inputValue());
      await quantity.fill(String(min + 2));
      // On a phone the header's search button, a link until then, opens the search row.
      if (viewport === 'phone') await page.getByRole('link', { name: 'Open search' }).click();
      const words = page
        .getByRole('banner')
        .getByRole('combobox', { name: 'Search parts' })
        .filter({ visible: true });
      await words.fill('brake pads');

      scripts.release();
      await waitUntilHydrated(page);

      expect(await quantity.inputValue()).toBe(String(min + 2));
      expect(await words.inputValue()).toBe('brake pads');
      // Buy Now carries the quantity to the purchase page (decision 085).
      await expect
        .poll(() => card.getByRole('link', { name: `Buy Now: ${name}` }).getAttribute('href'), POLL)
        .toMatch(new RegExp(`^/purchase/[^?]+\\?quantity=${min + 2}$`));
      if (viewport === 'phone')
        expect(
          await page.getByRole('button', { name: 'Close search' }).getAttribute('aria-expanded'),
        ).toBe('true');
      await screenshot(page, `early-taps-home-${viewport}`, { fullPage: false });

      // The words go to All Parts as they would have.
      await words.press('Enter');
      await page.waitForURL(
        (url) => url.pathname === '/parts' && url.searchParams.get('q') === 'brake pads',
      );
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`a product page: a size chosen and a quantity typed, then Add to cart (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      let scripts = await holdScripts(page);
      await page.goto(`/parts/${tyre.id}`, { waitUntil: 'commit' });
      const details = page.getByTestId('product-details');
      await details.getByRole('heading', { level: 1, name: tyre.name }).waitFor();

      // A size is a link to the page of that size, which the server renders.
      await details.getByRole('link', { name: '32c' }).click();
      const sized = `/parts/${tyre.id}?sku=${tyre.sku('32c')}`;
      await page.waitForURL(`**${sized}`, { waitUntil: 'commit' });
      await details.getByText('Price per unit: $42.99').waitFor();
      const quantity = details.getByRole('spinbutton', { name: `Quantity of ${tyre.name} (32c)` });
      await quantity.fill('2');

      scripts.release();
      await waitUntilHydrated(page);
      expect(
        await details
          .getByRole('button', { name: '32c', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      expect(await quantity.inputValue()).toBe('2');
      await expect
        .poll(() => details.getByRole('link', { name: 'Buy Now' }).getAttribute('href'), POLL)
        .toBe(`/purchase/${tyre.id}?sku=${tyre.sku('32c')}&quantity=2`);
      await screenshot(page, `early-taps-product-${viewport}`, { fullPage: false });

      // Add to cart tapped before the scripts: the cart, once they run, has the size and quantity.
      await page.unroute('**/assets/*.js');
      scripts = await holdScripts(page);
      await page.goto(sized, { waitUntil: 'commit' });
      const form = details.getByRole('form', { name: `Add ${tyre.name} (32c) to the cart` });
      await form.getByRole('spinbutton').fill('3');
      await form.getByRole('button', { name: `Add to cart: ${tyre.name} (32c)` }).click();
      await page.waitForURL('**/cart?**', { waitUntil: 'commit' });
      scripts.release();
      await waitUntilHydrated(page);
      const line = page.getByRole('listitem', { name: `${tyre.name} (32c)` });
      await line.waitFor();
      expect(await line.getByRole('textbox').inputValue()).toBe('3');
      await screenshot(page, `early-taps-cart-${viewport}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
