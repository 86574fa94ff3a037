/**
 * What a part fits (issue 25 item 2, docs/decisions/067): a shopper narrows All Parts to the
 * drivetrain parts for 12 and 11 speeds, the address keeps the filters through a reload, and the
 * product page lists the part's specifications; at phone and desktop width, with axe and the
 * layout checks. Before the scripts have run the spec checkboxes are part of the one GET form.
 * Each size's own specs find its part, beside counts per option, in the phone's sheet (issue 35
 * items 4 and 5, docs/decisions/088 and 089).
 */
import {
  apiPaths,
  TOTAL_COUNT_HEADER,
  type CatalogueFacets,
  type CataloguePart,
} from '@sprocket/contract';
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
import { addPartOverHttp, ADMIN, removePart, signInOverHttp } from './support/shop.js';

let browser: Browser;
let adminToken: string;
/** A gravel tyre sold as 700x32c and 650bx47, added for these journeys and deleted after. */
let gravel: { id: string; name: string };
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
  const name = `Gravel tyre ${Date.now().toString(36).slice(-5)}`;
  const id = await addPartOverHttp(adminToken, {
    productName: name,
    img: '/parts/halden-cork-bar-tape.svg',
    description: 'A gravel tyre in a 700c and a 650b size.',
    category: 'wheels-and-tyres',
    specs: { valve: 'presta' },
    options: [{ name: 'Size', values: ['700x32c', '650bx47'] }],
    variants: [
      {
        sku: `G700-${name.slice(-5)}`.toUpperCase(),
        options: { Size: '700x32c' },
        price: 4500,
        quantity: 5,
        specs: { wheelSize: '700c', tyreWidth: 32 },
      },
      {
        sku: `G650-${name.slice(-5)}`.toUpperCase(),
        options: { Size: '650bx47' },
        price: 4900,
        quantity: 5,
        specs: { wheelSize: '650b', tyreWidth: 47 },
      },
    ],
  });
  gravel = { id, name };
});
afterAll(async () => {
  if (gravel) await removePart(adminToken, gravel.id);
  await browser?.close();
});

/** What GET /parts/facets answers for a query string. */
async function facetsOf(search: string): Promise<CatalogueFacets> {
  const response = await fetch(`${SHOP_URL}/api${apiPaths.partFacets({})}${search}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CatalogueFacets;
}

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
      // The phone's sheet covers the results until "Show N results" closes it.
      if (viewport === 'phone')
        await page.getByRole('button', { name: `Show ${either.total} results` }).click();

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

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`finds a tyre by the wheel size of one of its sizes, counting each option (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string) => screenshot(page, `size-specs-${step}-${viewport}`);
      await visit(page, '/parts?category=wheels-and-tyres');
      await page.getByRole('heading', { level: 1, name: 'All Parts' }).waitFor();
      const filters = page.getByRole('form', { name: 'Filters' });
      if (viewport === 'phone') {
        await page.getByRole('button', { name: /Filters/ }).click();
        await page.getByRole('dialog', { name: 'Filters' }).waitFor();
      }
      // Each option says how many parts it would give; one that gives none is disabled.
      const counts = await facetsOf('?category=wheels-and-tyres');
      const wheelSize = filters.getByRole('group', { name: 'Wheel size' });
      for (const [value, label] of [
        ['650b', '650b'],
        ['26', '26"'],
      ] as const) {
        const box = wheelSize.getByRole('checkbox', { name: label, exact: true });
        const count = counts.specs.wheelSize?.[value] ?? 0;
        expect(await box.getAttribute('aria-describedby')).toBeTruthy();
        await expect.poll(() => box.isDisabled(), { timeout: 10_000 }).toBe(count === 0);
      }
      expect(counts.specs.wheelSize?.['650b']).toBeGreaterThan(0);
      await shot('counts');

      await wheelSize.getByRole('checkbox', { name: '650b', exact: true }).click();
      await page.waitForURL('**/parts?category=wheels-and-tyres&spec.wheelSize=650b');
      const found = await catalogue('?category=wheels-and-tyres&spec.wheelSize=650b');
      expect(found.names).toContain(gravel.name);
      if (viewport === 'phone') {
        // The sheet stays open over the results, and says how many it would show.
        const show = page.getByRole('button', {
          name: found.total === 1 ? 'Show 1 result' : `Show ${found.total} results`,
        });
        await show.waitFor();
        await shot('sheet');
        await show.click();
        await page.getByRole('dialog', { name: 'Filters' }).waitFor({ state: 'detached' });
      }
      expect(await shownNames(page, found.total)).toEqual(found.names);
      await shot('found');

      // Its product page shows the size's own specs over the part's.
      await page.getByTestId('part-link').filter({ hasText: gravel.name }).first().click();
      await page.getByRole('heading', { level: 1, name: gravel.name }).waitFor();
      await page.getByRole('button', { name: '650bx47' }).click();
      const specs = page.getByRole('region', { name: 'Specifications' });
      await expect
        .poll(() => specs.locator('dd').allInnerTexts())
        .toEqual(['650b', '47 mm', 'Presta']);
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
    // The sheet's button sends the form the browser's way (Apply is the wide screens').
    await page.getByRole('button', { name: 'Show results' }).click();
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
