/**
 * What a part fits (issue 25 item 2, docs/decisions/067): a shopper narrows All Parts to the
 * drivetrain parts for 12 and 11 speeds, the address keeps the filters through a reload, and the
 * product page lists the part's specifications; at phone and desktop width, with axe and the
 * layout checks. Before the scripts have run the spec checkboxes are part of the one GET form.
 */
import { TOTAL_COUNT_HEADER, type CataloguePart } from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  reload,
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

/** The catalogue's answer to a query string, as the API gives it to anyone. */
async function catalogue(search: string): Promise<{ names: string[]; total: number }> {
  const response = await fetch(`${SHOP_URL}/api/parts${search}`);
  expect(response.status).toBe(200);
  const parts = (await response.json()) as CataloguePart[];
  return {
    names: parts.map((part) => part.productName),
    total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? parts.length),
  };
}

/** The part names on screen once the results say `total` (the previous page may linger). */
async function shownNames(page: Page, total: number): Promise<string[]> {
  await page
    .getByTestId('catalogue-total')
    .getByText(total === 1 ? '1 part' : `${total} parts`, { exact: true })
    .waitFor();
  await page.locator('section[aria-busy="false"]').first().waitFor();
  return page.getByTestId('part-link').allInnerTexts();
}

describe('what the part fits', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`filters All Parts by speeds and shows a part's specifications (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string) => screenshot(page, `specs-${step}-${viewport}`);

      await visit(page, '/parts?category=drivetrain');
      await page.getByRole('heading', { level: 1, name: 'All Parts' }).waitFor();
      if (viewport === 'phone') await page.getByRole('button', { name: /Filters/ }).click();
      const speeds = page.getByRole('group', { name: 'Speeds' });
      // Drivetrain's specs only.
      expect(await page.getByRole('group', { name: 'Wheel size' }).count()).toBe(0);

      // A click, not check(): the box follows the address, which the click changes.
      await speeds.getByRole('checkbox', { name: '12', exact: true }).click();
      await page.waitForURL('**/parts?category=drivetrain&spec.speeds=12');
      const twelve = await catalogue('?category=drivetrain&spec.speeds=12');
      expect(twelve.total).toBeGreaterThan(0);
      expect(await shownNames(page, twelve.total)).toEqual(twelve.names);

      await speeds.getByRole('checkbox', { name: '11', exact: true }).click();
      await page.waitForURL('**/parts?category=drivetrain&spec.speeds=12&spec.speeds=11');
      const either = await catalogue('?category=drivetrain&spec.speeds=12&spec.speeds=11');
      expect(either.total).toBeGreaterThan(twelve.total);
      expect(await shownNames(page, either.total)).toEqual(either.names);
      await shot('filtered');

      // The address is the query: a reload (rendered by the server) shows the same.
      await reload(page);
      expect(await shownNames(page, either.total)).toEqual(either.names);
      if (viewport === 'phone') await page.getByRole('button', { name: /Filters/ }).click();
      expect(await speeds.getByRole('checkbox', { name: '12', exact: true }).isChecked()).toBe(
        true,
      );

      // A product page lists what the part fits.
      const name = twelve.names[0]!;
      await page.getByTestId('part-link').filter({ hasText: name }).first().click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const specs = page.getByRole('region', { name: 'Specifications' });
      await specs.waitFor();
      expect(await specs.locator('dt').allInnerTexts()).toContain('Speeds');
      expect(await specs.locator('dd').first().innerText()).toBe('12');
      await shot('product');

      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('sends the spec checkboxes with the filter form before the scripts have run (phone)', async () => {
    const { context, page, problems } = await openPage(browser, 'phone');
    // The scripts held back until the end, as a slow network would (before-scripts.spec.ts).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/parts?category=wheels-and-tyres', { waitUntil: 'commit' });
    await page.getByRole('link', { name: /Filters/ }).click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters
      .getByRole('group', { name: 'Wheel size' })
      .getByRole('checkbox', { name: '700c', exact: true })
      .check();
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/spec\.wheelSize=700c/, { waitUntil: 'commit' });
    expect(new URL(page.url()).searchParams.getAll('spec.wheelSize')).toEqual(['700c']);
    const tyres = await catalogue('?category=wheels-and-tyres&spec.wheelSize=700c');
    expect(tyres.total).toBeGreaterThan(0);
    await page
      .getByTestId('catalogue-total')
      .getByText(tyres.total === 1 ? '1 part' : `${tyres.total} parts`, { exact: true })
      .waitFor();
    expect(await page.getByTestId('part-link').allInnerTexts()).toEqual(tyres.names);
    release();
    expect(problems).toEqual([]);
    await context.close();
  });
});
