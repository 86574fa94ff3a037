import type { Browser } from 'playwright-core';
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

describe('smoke: the shop through the hosting emulator', () => {
  it('serves every seeded part from /api/parts with the fields the spec names', async () => {
    const response = await fetch(`${SHOP_URL}/api/parts`);
    expect(response.status).toBe(200);
    const parts = (await response.json()) as Record<string, unknown>[];
    expect(parts.length).toBeGreaterThanOrEqual(24);
    for (const part of parts) {
      expect(Object.keys(part)).toEqual(
        expect.arrayContaining([
          '_id',
          'productName',
          'img',
          'order',
          'quantity',
          'price',
          'description',
        ]),
      );
    }
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`shows six part cards on the home page (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      await visit(page, '/');
      const cards = page.getByTestId('part-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(6);
      await screenshot(page, `smoke-home-${viewport}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
