/**
 * Search that understands (issue 35 item 6, docs/decisions/095), at phone and desktop width, with
 * axe and the layout checks on every screen: All Parts suggests while "shimano 11 sp" is typed
 * (the keyboard chooses a completion, which finds the 11-speed Shimano parts first), a search
 * that finds nothing says "Did you mean …?" (painted by the server, a link that works), and the
 * header's search suggests parts and opens one with the keyboard.
 */
import { apiPaths, type PartSuggestions } from '@sprocket/contract';
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

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function suggestionsFor(q: string): Promise<PartSuggestions> {
  const response = await fetch(`${SHOP_URL}/api${apiPaths.partSuggestions(q)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PartSuggestions;
}

/** The options of the list the field controls, once it shows them. */
async function optionsOf(page: Page, field: ReturnType<Page['getByRole']>) {
  await expect.poll(() => field.getAttribute('aria-expanded')).toBe('true');
  const list = page.locator(`[id="${await field.getAttribute('aria-controls')}"]`);
  return list.getByRole('option').allInnerTexts();
}

describe('search that understands', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`suggests on All Parts while typing, and the keyboard takes a suggestion (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const expected = await suggestionsFor('shimano 11 sp');
      expect(expected.searches[0]).toMatch(/^shimano 11 speed/);

      await visit(page, '/parts');
      const field = page.getByRole('main').getByRole('combobox', { name: 'Search parts' });
      await field.click();
      await field.pressSequentially('shimano 11 sp');
      const options = await optionsOf(page, field);
      expect(options[0]).toBe(expected.searches[0]);
      expect(options.join('\n')).toContain('Shimano 105 CS-R7000 11-Speed Cassette 11–30T');
      await screenshot(page, `search-suggestions-${viewport}`, { fullPage: false });

      await field.press('ArrowDown');
      const first = page.getByRole('option').first();
      expect(await first.getAttribute('aria-selected')).toBe('true');
      expect(await field.getAttribute('aria-activedescendant')).toBe(
        await first.getAttribute('id'),
      );
      await field.press('Enter');
      await page.waitForURL(`**/parts?q=${encodeURIComponent(expected.searches[0]!)}`);
      const names = page.getByTestId('part-link');
      await expect.poll(() => names.first().innerText()).toMatch(/^Shimano .*11-Speed/);
      expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('oldest');
      await screenshot(page, `search-results-${viewport}`);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`answers a search that finds nothing with "Did you mean …?" (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const { didYouMean } = await suggestionsFor('shimnao casete');
      expect(didYouMean).toBe('shimano cassette');

      // As the server paints it.
      const html = await (await fetch(`${SHOP_URL}/parts?q=shimnao%20casete`)).text();
      expect(html).toContain('Did you mean');

      await visit(page, '/parts?q=shimnao%20casete');
      await page.getByText('No parts match your search').waitFor();
      const meant = page.getByRole('link', { name: 'shimano cassette' });
      await meant.waitFor();
      await screenshot(page, `search-did-you-mean-${viewport}`);
      await meant.click();
      await page.waitForURL('**/parts?q=shimano%20cassette');
      await expect
        .poll(() => page.getByTestId('part-link').allInnerTexts())
        .toEqual([
          'Shimano 105 CS-R7000 11-Speed Cassette 11–30T',
          'Shimano Deore CS-M6100 12-Speed Cassette 10–51T',
          // For a Shimano HG freehub: Shimano in its specifications, after the names.
          'Velotrack 11-Speed 11–34T Cassette',
        ]);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`suggests parts in the header's search and opens one from the keyboard (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      await visit(page, '/blogs');
      if (viewport === 'phone') await page.getByRole('button', { name: 'Open search' }).click();
      const field = page
        .getByRole('banner')
        .getByRole('combobox', { name: 'Search parts' })
        .filter({ visible: true });
      await field.click();
      await field.pressSequentially('ultegra');
      const options = await optionsOf(page, field);
      expect(options.join('\n')).toContain('Shimano Ultegra RD-R8000 Rear Derailleur');
      await screenshot(page, `search-header-suggestions-${viewport}`, { fullPage: false });
      // Up from the field goes to the last option, the part.
      await field.press('ArrowUp');
      await field.press('Enter');
      await page.waitForURL('**/parts/shimano-ultegra-r8000-rear-derailleur');
      await page
        .getByRole('heading', { level: 1, name: 'Shimano Ultegra RD-R8000 Rear Derailleur' })
        .waitFor();
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
