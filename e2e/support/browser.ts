import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SHOP_URL = process.env.SHOP_URL ?? 'http://127.0.0.1:5000';
const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors seen so far; a journey ends by asserting there were none. */
  problems: string[];
}

/** A fresh context whose page records every uncaught error and console error. */
export async function openPage(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: SHOP_URL });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  return { context, page, problems };
}

/** Saves a full-page screenshot under e2e/screenshots/ (git-ignored) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
