/**
 * A shopper on a slow phone uses a page the server rendered before its scripts have run
 * (issue 23, docs/decisions/058): the carousel's arrows, the phone menu, All Parts' filters and
 * sort, Add to cart and Buy Now are links and forms that work from the first paint; nothing is
 * greyed out waiting for JavaScript. The scripts are held back until the journey lets them go.
 */
import { TOTAL_COUNT_HEADER, type CataloguePart } from '@sprocket/contract';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  SCREENSHOTS,
  SHOP_URL,
  waitUntilHydrated,
} from './support/browser.js';
import { holdScripts } from './support/shop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
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

describe('before the scripts have run, on a phone', () => {
  it('the carousel, the menu, the filters, the sort and Add to cart work as links and forms', async () => {
    const { context, page, problems } = await openPage(browser, 'phone');
    const scripts = await holdScripts(page);

    // Home: the arrows are links to the address of the next slide, which the server renders.
    await page.goto('/', { waitUntil: 'commit' });
    const carousel = page.getByRole('region', { name: 'Featured' });
    await carousel.getByRole('group', { name: /^1 of \d+$/ }).waitFor();
    await carousel.getByRole('link', { name: 'Next slide' }).click();
    await page.waitForURL('**/?slide=2', { waitUntil: 'commit' });
    await carousel.getByRole('group', { name: /^2 of \d+$/ }).waitFor();

    // The menu button is a link that unfolds the menu.
    await page.getByRole('link', { name: 'Open menu' }).click();
    const menu = page.locator('#main-menu-small');
    await menu.getByRole('link', { name: 'Parts' }).click();
    await page.waitForURL('**/parts', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'All Parts' }).waitFor();

    // All Parts: the Filters button opens the filters' sheet; "Show results" sends them with the
    // sort.
    await page.getByRole('link', { name: /Filters/ }).click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Category').selectOption('drivetrain');
    await filters.getByRole('textbox', { name: 'Min price' }).fill('10');
    await filters.getByLabel('In stock only').check();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    // As painted from the server's HTML (the shared screenshot helper waits for hydration).
    await page.screenshot({ path: join(SCREENSHOTS, 'before-scripts-filters-phone.png') });
    await page.getByRole('button', { name: 'Show results' }).click();
    await page.waitForURL(/\/parts\?/, { waitUntil: 'commit' });
    const address = new URL(page.url());
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      category: 'drivetrain',
      priceFrom: '10',
      inStock: 'true',
      sort: 'price',
    });
    const expected = await catalogue('?category=drivetrain&minPrice=1000&inStock=true&sort=price');
    expect(expected.total).toBeGreaterThan(0);
    await page
      .getByTestId('catalogue-total')
      .getByText(expected.total === 1 ? '1 part' : `${expected.total} parts`, { exact: true })
      .waitFor();
    expect(await page.getByTestId('part-link').allInnerTexts()).toEqual(expected.names);

    // A card's Buy Now is a link to the purchase page; Add to cart is a form to the cart.
    const name = expected.names[0]!;
    await expect
      .poll(() => page.getByRole('link', { name: `Buy Now: ${name}` }).getAttribute('href'))
      .toMatch(/^\/purchase\//);
    const form = page.getByRole('form', { name: `Add ${name} to the cart` });
    await form.getByRole('spinbutton').fill('2');
    await form.getByRole('button', { name: `Add to cart: ${name}` }).click();
    await page.waitForURL('**/cart?**', { waitUntil: 'commit' });

    // The cart is the browser's own page: once its scripts run, the line is there.
    scripts.release();
    await waitUntilHydrated(page);
    const line = page.getByRole('listitem', { name });
    await line.waitFor();
    expect(await line.getByRole('textbox').inputValue()).toBe('2');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('once hydrated, the same controls work in place', async () => {
    const { context, page, problems } = await openPage(browser, 'phone');
    await page.goto('/parts');
    await waitUntilHydrated(page);
    const toggle = page.getByRole('button', { name: /Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The filters' sheet is modal on a phone: Escape closes it, and the page is there again.
    await page.getByRole('dialog', { name: 'Filters' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#main-menu-small').getByRole('link', { name: 'Blogs' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
