/**
 * The public pages as visitors and crawlers reach them: Hosting on the suite's port, its redirect
 * or rewrite, the functions emulator, then the `api` function's pages (functions/src/http/pages.ts).
 * Plain fetch, no browser: what arrives is the server's HTML, before any JavaScript has run.
 */
import { describe, expect, it } from 'vitest';
import { SHOP_URL } from './support/browser.js';

interface ListedPart {
  _id: string;
  productName: string;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};
/** Text as the HTML wrote it, with the entities a part's name may need read back. */
const decoded = (html: string) =>
  html.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);

const titleOf = (html: string) => decoded(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
/** The page's heading: only a page rendered on the server has one (app.html's root is empty). */
const headingOf = (html: string) => decoded(/<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '');
/** The ids of the parts a rendered page links to with its part cards. */
const linkedParts = (html: string) =>
  [...html.matchAll(/data-testid="part-link" href="\/parts\/([^"?#]+)"/g)].map(([, id = '']) =>
    decodeURIComponent(id),
  );

async function catalogue(): Promise<ListedPart[]> {
  const parts = (await (await fetch(`${SHOP_URL}/api/parts`)).json()) as ListedPart[];
  expect(parts.length).toBeGreaterThan(0);
  return parts;
}

async function page(path: string): Promise<{ status: number; type: string | null; html: string }> {
  const response = await fetch(`${SHOP_URL}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    html: await response.text(),
  };
}

describe('what crawlers ask for, through Firebase', () => {
  it('robots.txt is plain text that names the sitemap', async () => {
    const response = await fetch(`${SHOP_URL}/robots.txt`);
    expect(response.status).toBe(200);
    // Hosting redirects it within the shop, to the address the function answers (firebase.json).
    expect(new URL(response.url).origin).toBe(new URL(SHOP_URL).origin);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain\b/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*\n/);
    expect(text).toContain('Disallow: /api/\n');
    expect(text).toContain(`Sitemap: ${SHOP_URL}/sitemap.xml\n`);
  });

  it('the sitemap is XML that lists every product page', async () => {
    const parts = await catalogue();
    const response = await fetch(`${SHOP_URL}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml\b/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(xml).toContain(`<loc>${SHOP_URL}/parts</loc>`);
    for (const part of parts) {
      expect(xml).toContain(`<loc>${SHOP_URL}/parts/${encodeURIComponent(part._id)}</loc>`);
    }
  });
});

describe('the public pages, rendered by the function through Firebase', () => {
  it('a product page comes with its part’s title and heading', async () => {
    const [part] = await catalogue();
    const answer = await page(`/parts/${encodeURIComponent(part!._id)}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/html\b/);
    expect(titleOf(answer.html)).toBe(`${part!.productName} · Sprocket`);
    expect(headingOf(answer.html)).toBe(part!.productName);
  });

  it.each([
    ['All Parts', '/parts', 'All Parts · Sprocket', 'All Parts'],
    ['the home page', '/', 'Sprocket — bicycle parts', 'Sprocket — bicycle parts'],
  ])('%s comes with its title and parts of the catalogue', async (_, path, title, heading) => {
    const ids = new Set((await catalogue()).map((part) => part._id));
    const answer = await page(path);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/html\b/);
    expect(titleOf(answer.html)).toBe(title);
    expect(headingOf(answer.html)).toBe(heading);
    const linked = linkedParts(answer.html);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('an unknown address is the rendered "GOT LOST ?" page with status 404, kept out of search', async () => {
    const answer = await page('/no-such-page');
    expect(answer.status).toBe(404);
    expect(answer.type).toMatch(/^text\/html\b/);
    expect(titleOf(answer.html)).toBe('Page not found · Sprocket');
    expect(headingOf(answer.html)).toBe('GOT LOST ?');
    expect(answer.html).toContain('<meta name="robots" content="noindex" />');
  });
});
