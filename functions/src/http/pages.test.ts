/**
 * The rendered pages as the function serves them (http/pages.ts, docs/decisions/040), with a
 * renderer module of the test's own in place of the web build's: what the listener asks of it and
 * does with its answer. The web build's renderer itself is tested in web/src/entry-server.test.tsx
 * and, through the whole suite, by the browser journeys.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from '../testing/api-harness.js';
import { BROWSER_PAGES, isRenderedPage } from './pages.js';

const TEMPLATE = '<html><body><div id="root"><!--app-shell-->Loading<!--/app-shell--></div>';

/**
 * Renders the number of parts the API lists, through the transport the listener gives it; an
 * address with ?as-is is left to the browser, one with ?broken throws.
 */
const RENDERER = `
let transport;
export const setApiTransport = (next) => { transport = next; };
export async function renderPage(url, template, site) {
  const query = new URL(url).searchParams;
  if (query.has('broken')) throw new Error('the renderer broke');
  if (query.has('as-is')) return undefined;
  const parts = await (await transport('/api/parts', { headers: { accept: 'application/json' } })).json();
  const status = new URL(url).pathname === '/nowhere' ? 404 : 200;
  return { status, html: template.replace('Loading', parts.length + ' parts at ' + url + ' on ' + site.origin) };
}
`;

let dir: string;
let api: Harness;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sprocket-pages-'));
  writeFileSync(join(dir, 'app.html'), TEMPLATE);
  api = await startApi({
    pages: {
      // Written on the first test that needs it: until then the renderer is missing.
      renderer: pathToFileURL(join(dir, 'entry-server.mjs')),
      page: pathToFileURL(join(dir, 'app.html')),
    },
  });
});
afterAll(async () => {
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, method = 'GET') => fetch(`${api.url}${path}`, { method });

describe('the rendered pages', () => {
  it('are every address but the API’s, the web build’s files and the browser’s pages', () => {
    expect(
      [
        '/',
        '/parts',
        '/parts?q=chain&page=2',
        '/parts/chain',
        '/reviews',
        '/blogs',
        '/nowhere',
      ].map(isRenderedPage),
    ).toEqual([true, true, true, true, true, true, true]);
    expect(
      ['/api/parts', '/api', '/assets/index-1.js', '/dashboard', '/dashboard/orders', '/cart'].map(
        isRenderedPage,
      ),
    ).toEqual([false, false, false, false, false, false]);
    expect(
      ['/checkout', '/checkout/o1/done', '/login', '/signup', '/purchase/p1'].every(
        (p) => !isRenderedPage(p),
      ),
    ).toBe(true);
    expect(BROWSER_PAGES).toContain('/dashboard/**');
  });

  it('answer 503 while the renderer cannot load, and load it on a later request', async () => {
    const missing = await get('/');
    expect(missing.status).toBe(503);
    expect(missing.headers.get('retry-after')).toBe('5');

    writeFileSync(join(dir, 'entry-server.mjs'), RENDERER);
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^<html><body><div id="root"><!--app-shell-->\d+ parts at /);
  });

  it('are rendered with the API answered in process, and cached as its public reads are', async () => {
    await api.addPart();
    const listed = await api.request<unknown[]>('GET', '/parts');
    const page = await get('/parts?q=chain');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe(listed.headers.get('cache-control'));
    expect(await page.text()).toContain(
      `${listed.body.length} parts at http://pages.internal/parts?q=chain on ${api.publicUrl}`,
    );
  });

  it('answer with the status the renderer gives, a 404 included, cached as the rest', async () => {
    const page = await get('/nowhere');
    expect(page.status).toBe(404);
    expect(page.headers.get('cache-control')).toBe((await get('/')).headers.get('cache-control'));
  });

  it('are app.html, asked for again each time, for the pages the browser renders', async () => {
    const page = await get('/dashboard/orders');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toBe(TEMPLATE);
  });

  it('are app.html as it is when the renderer leaves the page to the browser or fails', async () => {
    for (const path of ['/parts?as-is', '/?broken']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toBe(TEMPLATE);
    }
  });

  it('answer HEAD without a body, and leave other methods to the API', async () => {
    const head = await get('/', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get('/parts', 'POST');
    expect(post.status).toBe(404);
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});

describe('the sitemap and robots.txt', () => {
  it('list every public address on the shop’s origin, and nothing personal', async () => {
    const partId = await api.addPart({ productName: 'Sitemap chain' });
    const answer = await get('/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await answer.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const origin = api.publicUrl;
    expect(locs).toEqual(
      expect.arrayContaining([
        `${origin}/`,
        `${origin}/parts`,
        `${origin}/parts?category=accessories`,
        `${origin}/parts/${partId}`,
        `${origin}/reviews`,
        `${origin}/blogs`,
      ]),
    );
    expect(locs.every((loc) => loc?.startsWith(`${origin}/`))).toBe(true);
    expect(
      locs.some((loc) => /dashboard|cart|checkout|login|signup|purchase/.test(loc ?? '')),
    ).toBe(false);
  });

  it('leaves out a hidden category and its parts (docs/decisions/108)', async () => {
    const admin = await api.admin();
    const lamp = await api.request<{ insertedId: string }>('POST', '/parts', {
      token: admin.token,
      json: {
        productName: 'Sitemap lamp',
        img: '/parts/test.svg',
        order: 1,
        quantity: 2,
        price: 1500,
        description: 'A lamp.',
        category: 'lights',
      },
    });
    const locs = async () =>
      [...(await (await get('/sitemap.xml')).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => m[1],
      );
    const lampLocs = [
      `${api.publicUrl}/parts?category=lights`,
      `${api.publicUrl}/parts/${lamp.body.insertedId}`,
    ];
    expect(await locs()).toEqual(expect.arrayContaining(lampLocs));
    const hide = (hidden: boolean) =>
      api.request('PATCH', '/admin/categories/lights', { token: admin.token, json: { hidden } });
    expect((await hide(true)).status).toBe(200);
    const hidden = await locs();
    expect(hidden.filter((loc) => lampLocs.includes(loc!))).toEqual([]);
    expect(hidden).toContain(`${api.publicUrl}/parts`);
    await hide(false);
  });

  it("lists the owner's published pages, and no draft", async () => {
    const admin = await api.admin();
    const page = (slug: string, published: boolean) =>
      api.request('POST', '/admin/pages', {
        token: admin.token,
        json: { slug, title: slug, footer: 'legal', published, markdown: 'Text.' },
      });
    expect((await page('sitemap-terms', true)).status).toBe(201);
    expect((await page('sitemap-draft', false)).status).toBe(201);
    const xml = await (await get('/sitemap.xml')).text();
    expect(xml).toContain(`<loc>${api.publicUrl}/pages/sitemap-terms</loc>`);
    expect(xml).not.toContain('sitemap-draft');
  });

  it('robots.txt names the sitemap and keeps crawlers out of the private pages', async () => {
    const answer = await get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await answer.text();
    expect(text).toContain('User-agent: *');
    for (const path of [
      '/dashboard',
      '/checkout',
      '/cart',
      '/login',
      '/signup',
      '/purchase/',
      '/api/',
    ]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain(`Sitemap: ${api.publicUrl}/sitemap.xml`);
  });
});
