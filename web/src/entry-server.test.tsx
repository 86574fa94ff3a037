// @vitest-environment node
// As the function renders pages: in Node, without a DOM (the browser journeys hydrate them).
import { TOTAL_COUNT_HEADER } from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, type PageData } from './app/page-data.js';
import { renderPage } from './entry-server.js';
import { buildCataloguePart, buildCatalogueReview } from './testing/data.js';
import { stubFetch, type FetchCall } from './testing/render.js';

/** index.html as the build leaves it: the shell between its markers, the script in the head. */
const TEMPLATE = `<!doctype html><html lang="en"><head><title>Sprocket</title>
<script type="module" src="/assets/main.js"></script></head>
<body><div id="root">
  <!--app-shell--><div class="app-shell">Loading</div><!--/app-shell-->
</div></body></html>`;

const sneaky = buildCataloguePart(1, {
  productName: 'Chain </script><script>alert(1)</script><!--',
  averageRating: 4.5,
  reviewCount: 2,
});
const parts = [sneaky, buildCataloguePart(2, { productName: 'Stopwell Rotor' })];
const reviews = [buildCatalogueReview(1, { productName: 'Stopwell Rotor' })];

const answerApi = (failing?: string): FetchCall[] =>
  stubFetch((call) => {
    if (failing && call.url.includes(failing)) return { status: 503, body: { error: {} } };
    if (call.url.includes('/reviews')) return { body: reviews };
    return { body: parts, headers: { [TOTAL_COUNT_HEADER]: String(parts.length) } };
  });

const pageData = (html: string): PageData => {
  const element = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`,
  ).exec(html);
  return JSON.parse(element?.[1] ?? 'null') as PageData;
};

describe('a page rendered on the server', () => {
  it('is the screen with its data and styles in place of the shell, in the root', async () => {
    const calls = answerApi();
    const page = await renderPage('http://shop.test/parts?sort=price', TEMPLATE);

    expect(page?.status).toBe(200);
    const html = page?.html ?? '';
    expect(html).not.toContain('app-shell');
    expect(html).toMatch(/<div id="root"><[^>]+>/);
    expect(html).toMatch(/<h1[^>]*>All Parts<\/h1>/);
    expect(html).toContain('Stopwell Rotor');
    expect(html).toMatch(/<style data-emotion="css [^"]+">[^<]+<\/style>[\s\S]*<\/head>/);
    expect(calls.map((call) => new URL(call.url, 'http://x').pathname)).toEqual(['/api/parts']);
    expect(calls[0]?.url).toContain('sort=price');
  });

  it('carries the data it was rendered from, which no text in it can break out of', async () => {
    answerApi();
    const html = (await renderPage('http://shop.test/', TEMPLATE))?.html ?? '';

    // Only the page's own script and the data: a part name cannot close the data's element.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    const data = pageData(html);
    expect(JSON.stringify(data.queries)).toContain(JSON.stringify(sneaky.productName));
    expect(data.queries.queries.map((query) => query.queryKey)).toEqual(
      expect.arrayContaining([['reviews']]),
    );
    expect(Object.values(data.router.loaderData ?? {})).toContain(null);
  });

  it('is left to the browser when the API cannot give its data', async () => {
    answerApi('/reviews');
    expect(await renderPage('http://shop.test/', TEMPLATE)).toBeUndefined();
  });
});
