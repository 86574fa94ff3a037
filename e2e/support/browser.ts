import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { deadline } from '../../scripts/test-deadlines.js';
import { expectNoSeriousA11yFindings } from './a11y.js';

export const SHOP_URL = process.env.SHOP_URL ?? 'http://127.0.0.1:5000';
export const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** How long one step of a journey waits for what the user would see. */
export const STEP_TIMEOUT_MS = deadline(15_000);
/** `expect.poll` of a state the journey waits for (a URL, a count, an API answer). */
export const POLL = { timeout: deadline(10_000), interval: 100 };

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
  // Reduced motion, which the app honours (its theme ends every animation and transition at
  // once): a screen is checked in its final state, never mid-slide or mid-fade.
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    baseURL: SHOP_URL,
    reducedMotion: 'reduce',
  });
  // A journey step waits for what a user would see; far less than the test's own limit, so a
  // missing element fails with its locator instead of a test timeout.
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every failed request as "Failed to load resource" without saying which one.
    const { url } = message.location();
    const text = message.text();
    problems.push(
      `console.error: ${text}${text.startsWith('Failed to load resource') && url ? ` (${url})` : ''}`,
    );
  });
  // A failed journey leaves what the page showed and where it was, for whoever reads the log.
  onTestFailed(async ({ task }) => {
    const name = `failed-${task.name.replace(/\W+/g, '-').slice(0, 80)}`;
    console.error(`${task.name}: the page was at ${page.url()}; problems: ${problems.join(' | ')}`);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page
      .screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
      .catch(() => {});
  });
  return { context, page, problems };
}

/** What the app says of its page on `<html>` (web/src/lib/page-state.ts). */
const HYDRATED = 'html[data-hydrated]';
const AT_REST = 'html[data-hydrated]:not([data-fetching])';

/**
 * Waits until the app says the page is hydrated: before that, a page rendered on the server shows
 * its controls disabled (docs/decisions/040), and a check or a click would race React.
 */
export async function waitUntilHydrated(page: Page): Promise<void> {
  await page.waitForSelector(HYDRATED, { state: 'attached' });
}

/** Opens an address of the shop as a visitor would, and waits until its page is hydrated. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitUntilHydrated(page);
}

/** Loads the page again and waits until it is hydrated. */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await waitUntilHydrated(page);
}

/**
 * Scrolls through the page so lazily loaded images below the fold load, waits (at most two
 * seconds) for every image, and scrolls back to the top, where a full-page shot starts. Written
 * as page source because e2e code is typed for Node, without the DOM library.
 */
const LOAD_LAZY_IMAGES = `(async () => {
  for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
    window.scrollTo({ top: y, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const settled = (image) => new Promise((resolve) => {
    image.addEventListener('load', resolve, { once: true });
    image.addEventListener('error', resolve, { once: true });
  });
  const pending = Array.from(document.images).filter((image) => !image.complete);
  await Promise.race([
    Promise.all(pending.map(settled)),
    new Promise((resolve) => setTimeout(resolve, ${deadline(2000)})),
  ]);
  window.scrollTo({ top: 0, behavior: 'instant' });
  await new Promise((resolve) => requestAnimationFrame(resolve));
})()`;

/**
 * Waits until the web fonts have loaded (they change every text's size) and then (at most two
 * seconds) until the transitions under way have ended, such as a dialog
 * fading in, so a shot shows the screen as it settles rather than half-drawn. Endless animations
 * (spinners, loading placeholders) are left running.
 */
const SETTLE_TRANSITIONS = `(async () => {
  await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const ending = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined));
  await Promise.race([
    Promise.all(ending),
    new Promise((resolve) => setTimeout(resolve, ${deadline(2000)})),
  ]);
})()`;

/**
 * Saves a screenshot under e2e/screenshots/ (git-ignored) for people to look at: the full page,
 * or with `{ fullPage: false }` what is on screen (a modal, whose page behind it adds nothing);
 * `{ loading: true }` for a screen shown while a journey holds its data back.
 * Every screen shot is first checked with axe-core, and a serious finding fails the journey
 * (decision 028), on the page at rest: hydrated, no request pending, its fonts loaded, no
 * transition running (decision 041).
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, loading = false }: { fullPage?: boolean; loading?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Hydrated, and (unless the shot is of a screen waiting for its data) no request of the app's
  // still on its way to change the screen.
  await page.waitForSelector(loading ? HYDRATED : AT_REST, { state: 'attached' });
  if (fullPage) await page.evaluate(LOAD_LAZY_IMAGES);
  await page.evaluate(SETTLE_TRANSITIONS);
  await expectNoSeriousA11yFindings(page, name);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}
