// @vitest-environment node
// As the function renders pages: in Node, without a DOM (the browser journeys hydrate them).
import {
  DEFAULT_CATEGORIES,
  TOTAL_COUNT_HEADER,
  type BrandSettings,
  type ShopPage,
} from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, type PageData } from './app/page-data.js';
import { renderPage } from './entry-server.js';
import { buildBrand, buildCataloguePart, buildCatalogueReview } from './testing/data.js';
import { stubFetch, type FetchCall } from './testing/render.js';

/** index.html as the build leaves it: the shell between its markers, the script in the head. */
const TEMPLATE = `<!doctype html><html lang="en"><head>
<!--page-head--><meta name="description" content="A shop" /><title>Sprocket</title><!--/page-head-->
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

const SITE = { origin: 'https://shop.test' };

/** A page the owner wrote, as GET /pages/{slug} answers it (issue 36 item 2). */
const terms: ShopPage = {
  slug: 'terms',
  title: 'Terms of use',
  footer: 'legal',
  published: true,
  updatedAt: '2026-12-01T10:00:00.000Z',
  description: 'The terms on which the shop sells bicycle parts.',
  markdown: '## Orders\n\nAn order is accepted once it is paid.',
  html: '<h2>Orders</h2>\n<p>An order is accepted once it is paid.</p>\n',
};

const answerApi = (failing?: string, brand: BrandSettings = buildBrand()): FetchCall[] =>
  stubFetch((call) => {
    if (failing && call.url.includes(failing)) return { status: 503, body: { error: {} } };
    if (call.url.endsWith('/api/brand')) return { body: brand };
    if (call.url.endsWith('/api/categories')) return { body: DEFAULT_CATEGORIES };
    if (call.url.includes('/reviews')) return { body: reviews };
    if (call.url.endsWith('/api/pages')) return { body: [terms] };
    if (call.url.includes('/api/pages/'))
      return call.url.endsWith('/api/pages/terms')
        ? { body: terms }
        : { status: 404, body: { error: { code: 'not_found', message: 'There is no such page' } } };
    if (call.url.endsWith('/related')) return { body: { fits: [parts[0]], related: [] } };
    if (call.url.includes('/parts/facets'))
      return {
        body: { total: parts.length, categories: { drivetrain: 2 }, inStock: 2, specs: {} },
      };
    const one = /\/api\/parts\/([^?]+)/.exec(call.url)?.[1];
    if (one) {
      const part = parts.find((p) => p._id === decodeURIComponent(one));
      return part
        ? { body: part }
        : { status: 404, body: { error: { code: 'not_found', message: 'No such part' } } };
    }
    return { body: parts, headers: { [TOTAL_COUNT_HEADER]: String(parts.length) } };
  });

/** The JSON-LD objects of a page's head. */
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );

const pageData = (html: string): PageData => {
  const element = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`,
  ).exec(html);
  return JSON.parse(element?.[1] ?? 'null') as PageData;
};

describe('a page rendered on the server', () => {
  it('is the screen with its data and styles in place of the shell, in the root', async () => {
    const calls = answerApi();
    const page = await renderPage('http://shop.test/parts?sort=price', TEMPLATE, SITE);

    expect(page?.status).toBe(200);
    const html = page?.html ?? '';
    expect(html).not.toContain('app-shell');
    expect(html).toMatch(/<div id="root"><[^>]+>/);
    expect(html).toMatch(/<h1[^>]*>All Parts<\/h1>/);
    expect(html).toContain('Stopwell Rotor');
    // Under a key no cache in the browser moves, and marked as in place (decision 115).
    expect(html).toMatch(
      /<style data-emotion="css-ssr [^"]+" data-s="">[^<]+<\/style>[\s\S]*<\/head>/,
    );
    // The toasts' stylesheet too, where the browser's goober finds it and adds none (decision 115).
    expect(html).toMatch(/<style id="_goober">\.go\d+\{[^<]+<\/style>[\s\S]*<\/head>/);
    // The cards' static CSS is inline too: the page needs no stylesheet request (decision 110).
    expect(html).toMatch(
      /<style id="static-styles">[^<]*\.part-card \{[^<]+<\/style>[\s\S]*<\/head>/,
    );
    expect(html).toContain('class="part-card"');
    // The page and the counts beside its filters (docs/decisions/089), asked together.
    expect(calls.map((call) => new URL(call.url, 'http://x').pathname)).toEqual([
      // The shop's brand, its categories and the footer's links to the owner's pages (the
      // root's loader); the address's query is read with the categories, asked once.
      '/api/brand',
      '/api/categories',
      '/api/pages',
      '/api/parts',
      '/api/parts/facets',
    ]);
    expect(calls[3]?.url).toContain('sort=price');
    expect(html).toContain('Drivetrain (2)');
  });

  it('carries the data it was rendered from, which no text in it can break out of', async () => {
    answerApi();
    const html = (await renderPage('http://shop.test/', TEMPLATE, SITE))?.html ?? '';

    // Only the page's own script, the shop's Organization and the data: a part name cannot close
    // the data's element.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html).toContain('<title>Sprocket — bicycle parts</title>');
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
    expect(await renderPage('http://shop.test/', TEMPLATE, SITE)).toBeUndefined();
    answerApi('/brand');
    expect(await renderPage('http://shop.test/reviews', TEMPLATE, SITE)).toBeUndefined();
  });

  it("is named after the shop's brand, whose Organization the home page describes (issue 36 item 1)", async () => {
    const logo = {
      url: '/api/files/logo-1.png',
      width: 512,
      height: 128,
      icons: { '32': '/a.png', '180': '/b.png', '192': '/c.png', '512': '/d.png' },
    };
    answerApi(
      undefined,
      buildBrand({
        name: 'Velo Nord',
        logo,
        email: 'hello@velonord.example',
        phone: '+47 22 33 44 55',
        address: 'Storgata 1, Oslo',
        social: { ...buildBrand().social, instagram: 'https://www.instagram.com/velonord' },
      }),
    );
    const html = (await renderPage('http://shop.test/', TEMPLATE, SITE))?.html ?? '';
    expect(html).toContain('<title>Velo Nord — bicycle parts</title>');
    expect(html).toContain('<meta property="og:site_name" content="Velo Nord" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.test/api/files/logo-1.png" />',
    );
    expect(html).toMatch(/<meta name="description" content="Velo Nord sells bicycle parts/);
    expect(structuredData(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        '@id': 'https://shop.test/#organization',
        name: 'Velo Nord',
        url: 'https://shop.test/',
        logo: 'https://shop.test/api/files/logo-1.png',
        email: 'hello@velonord.example',
        telephone: '+47 22 33 44 55',
        address: 'Storgata 1, Oslo',
        sameAs: ['https://www.instagram.com/velonord'],
      },
    ]);
    // The header and the footer name it too, with its logo; nothing names the demo's shop.
    expect(html).toMatch(/<header[\s\S]*<img[^>]*src="\/api\/files\/logo-1.png"[\s\S]*Velo Nord/);
    expect(html).toMatch(/Copyright ©.*Velo Nord.* — bicycle parts/);
    expect(html).toMatch(/<a[^>]*href="mailto:hello@velonord.example"/);
    expect(html).toMatch(/<a[^>]*href="https:\/\/www.instagram.com\/velonord"[^>]*>Instagram<\/a>/);
    expect(html).not.toContain('Sprocket');
  });

  it('heads each public page with its own title, description, canonical URL and link preview', async () => {
    answerApi();
    const page = async (path: string) =>
      (await renderPage(`http://shop.test${path}`, TEMPLATE, SITE))?.html ?? '';
    const parts = await page('/parts?category=brakes&page=1&sort=price');
    expect(parts).toContain('<title>Brakes · All Parts · Sprocket</title>');
    expect(parts).toContain(
      '<link rel="canonical" href="https://shop.test/parts?category=brakes&amp;sort=price" />',
    );
    expect(parts).toMatch(/<meta name="description" content="Brakes at Sprocket: [^"]+" \/>/);
    expect(parts).not.toContain('content="A shop"');
    const reviewsPage = await page('/reviews');
    expect(reviewsPage).toContain('<title>All Reviews · Sprocket</title>');
    expect(reviewsPage).toContain('<meta property="og:url" content="https://shop.test/reviews" />');
    expect(reviewsPage).toContain('Stopwell Rotor');
    const blogs = await page('/blogs');
    expect(blogs).toContain('<title>Blogs · Sprocket</title>');
    expect(blogs).toMatch(/<h1[^>]*>Blogs<\/h1>/);
  });

  it("renders an owner's page with its own head, its text, and the footer's links; a missing one is 404", async () => {
    answerApi();
    const page = await renderPage('http://shop.test/pages/terms', TEMPLATE, SITE);
    expect(page?.status).toBe(200);
    const html = page?.html ?? '';
    expect(html).toContain('<title>Terms of use · Sprocket</title>');
    expect(html).toContain(
      '<meta name="description" content="The terms on which the shop sells bicycle parts." />',
    );
    expect(html).toContain('<link rel="canonical" href="https://shop.test/pages/terms" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:title" content="Terms of use · Sprocket" />');
    expect(html).toMatch(/<h1[^>]*>Terms of use<\/h1>/);
    expect(html).toContain('<h2>Orders</h2>');
    expect(html).toMatch(/<a[^>]*href="\/pages\/terms"[^>]*>Terms of use<\/a>/);

    const missing = await renderPage('http://shop.test/pages/nowhere', TEMPLATE, SITE);
    expect(missing?.status).toBe(404);
    expect(missing?.html).toContain('GOT LOST ?');
  });

  it('gives a product page its part’s preview and schema.org Product and BreadcrumbList', async () => {
    answerApi();
    const part = parts[1]!;
    const page = await renderPage(`http://shop.test/parts/${part._id}`, TEMPLATE, SITE);
    expect(page?.status).toBe(200);
    const html = page?.html ?? '';
    expect(html).toContain(`<title>${part.productName} · Sprocket</title>`);
    expect(html).toContain(`<link rel="canonical" href="https://shop.test/parts/${part._id}" />`);
    expect(html).toContain(`<meta property="og:image" content="https://shop.test${part.img}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${part.productName}</h1>`));
    const [product, breadcrumbs] = structuredData(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: part.productName,
      image: [`https://shop.test${part.img}`],
      offers: {
        '@type': 'Offer',
        price: (part.price / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
      review: [{ '@type': 'Review', reviewRating: { ratingValue: reviews[0]!.rating } }],
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://shop.test/' },
        { position: 2, name: 'Drivetrain', item: 'https://shop.test/parts?category=drivetrain' },
        { position: 3, name: part.productName, item: `https://shop.test/parts/${part._id}` },
      ],
    });
  });

  it('draws Login hidden, as nobody is known to be signed out on the server', async () => {
    answerApi();
    const html = (await renderPage('http://shop.test/', TEMPLATE, SITE))?.html ?? '';
    // The browser shows it once it knows: where it was, with the styles the page came with.
    const logins = [
      ...html.matchAll(/<div[^>]*style="visibility:hidden"[^>]*><a[^>]*>Login<\/a>/g),
    ];
    expect(logins).toHaveLength(2);
  });

  it('paints a product page with the parts that fit it, and without them when they fail', async () => {
    answerApi();
    const path = `/parts/${parts[1]!._id}`;
    const html = (await renderPage(`http://shop.test${path}`, TEMPLATE, SITE))?.html ?? '';
    // Above the reviews: arriving after the first paint, they would push the reviews down.
    expect(html).toContain('Fits with this part');
    expect(html).toContain(`href="/parts/${parts[0]!._id}"`);
    answerApi('/related');
    const without = await renderPage(`http://shop.test${path}`, TEMPLATE, SITE);
    expect(without?.status).toBe(200);
    expect(without?.html).not.toContain('Fits with this part');
  });

  it('shows what a part fits as Specifications, and in its Product as additionalProperty', async () => {
    answerApi();
    const rotor = buildCataloguePart(3, {
      _id: 'rotor',
      productName: 'Stopwell 160 mm Rotor',
      category: 'brakes',
      specs: { rotorSize: 160, brakeType: 'disc', rotorMount: 'center-lock' },
    });
    parts.push(rotor);
    try {
      const html = (await renderPage('http://shop.test/parts/rotor', TEMPLATE, SITE))?.html ?? '';
      expect(html).toMatch(/<h2[^>]*>Specifications<\/h2>/);
      // In the category's order, each label with its value in words.
      const pairs = [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map(
        (m) => `${m[1]}: ${m[2]}`,
      );
      expect(pairs).toEqual(['Brake type: Disc', 'Rotor mount: Center Lock', 'Rotor size: 160 mm']);
      const [product] = structuredData(html);
      expect(product?.additionalProperty).toEqual([
        { '@type': 'PropertyValue', name: 'Brake type', value: 'Disc' },
        { '@type': 'PropertyValue', name: 'Rotor mount', value: 'Center Lock' },
        { '@type': 'PropertyValue', name: 'Rotor size', value: 160, unitText: 'mm' },
      ]);
      // A part without specs has neither.
      const plain = (await renderPage(`http://shop.test/parts/${parts[1]!._id}`, TEMPLATE, SITE))
        ?.html;
      expect(plain).not.toContain('Specifications');
      expect(structuredData(plain ?? '')[0]).not.toHaveProperty('additionalProperty');
    } finally {
      parts.pop();
    }
  });

  it("offers each size with its own specifications, on the page and in the Product's offers", async () => {
    answerApi();
    const tyre = buildCataloguePart(4, {
      _id: 'gravel',
      productName: 'Gravel tyre',
      category: 'wheels-and-tyres',
      price: 4500,
      order: 1,
      specs: { valve: 'presta' },
      options: [{ name: 'Size', values: ['700x32c', '650bx47'] }],
      variants: [
        {
          sku: 'G-700',
          options: { Size: '700x32c' },
          price: 4500,
          quantity: 3,
          specs: { wheelSize: '700c', tyreWidth: 32 },
        },
        {
          sku: 'G-650',
          options: { Size: '650bx47' },
          price: 4900,
          quantity: 0,
          specs: { wheelSize: '650b', tyreWidth: 47 },
        },
      ],
    });
    parts.push(tyre);
    try {
      const html =
        (await renderPage('http://shop.test/parts/gravel?sku=G-650', TEMPLATE, SITE))?.html ?? '';
      const pairs = [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map(
        (m) => `${m[1]}: ${m[2]}`,
      );
      // The size shown is the one in the address: its wheel size and width over the part's.
      expect(pairs).toEqual(['Wheel size: 650b', 'Tyre width: 47 mm', 'Valve: Presta']);
      const [product] = structuredData(html);
      // What every size shares on the Product; each offer its size's own.
      expect(product?.additionalProperty).toEqual([
        { '@type': 'PropertyValue', name: 'Valve', value: 'Presta' },
      ]);
      expect(product?.offers).toEqual([
        expect.objectContaining({
          sku: 'G-700',
          price: '45.00',
          availability: 'https://schema.org/InStock',
          url: 'https://shop.test/parts/gravel?sku=G-700',
          itemOffered: expect.objectContaining({
            name: 'Gravel tyre (700x32c)',
            additionalProperty: [
              { '@type': 'PropertyValue', name: 'Wheel size', value: '700c' },
              { '@type': 'PropertyValue', name: 'Tyre width', value: 32, unitText: 'mm' },
              { '@type': 'PropertyValue', name: 'Valve', value: 'Presta' },
            ],
          }),
        }),
        expect.objectContaining({
          sku: 'G-650',
          price: '49.00',
          availability: 'https://schema.org/OutOfStock',
          itemOffered: expect.objectContaining({ name: 'Gravel tyre (650bx47)' }),
        }),
      ]);
    } finally {
      parts.pop();
    }
  });

  it("names the part's brand, GTIN and MPN, each size's per offer, and strikes a sale's price through", async () => {
    answerApi();
    const chain = buildCataloguePart(5, {
      _id: 'sale-chain',
      productName: 'Sale chain',
      price: 2399,
      compareAtPrice: 2999,
      brand: 'Shimano',
      gtin: '4550170451561',
      mpn: 'CN-M8100',
    });
    const tyre = buildCataloguePart(6, {
      _id: 'sale-tyre',
      productName: 'Sale tyre',
      category: 'wheels-and-tyres',
      price: 4500,
      brand: 'WTB',
      options: [{ name: 'Size', values: ['700x32c', '650bx47'] }],
      variants: [
        {
          sku: 'T-700',
          options: { Size: '700x32c' },
          price: 4500,
          quantity: 3,
          gtin: '714401105829',
          mpn: 'W010-0771',
          compareAtPrice: 5200,
        },
        { sku: 'T-650', options: { Size: '650bx47' }, price: 4900, quantity: 2 },
      ],
    });
    parts.push(chain, tyre);
    try {
      const html =
        (await renderPage('http://shop.test/parts/sale-chain', TEMPLATE, SITE))?.html ?? '';
      // Struck through, and said in words to a screen reader: "was $29.99, now $23.99".
      expect(html).toMatch(
        /Price per unit: <span[^>]*>was <\/span><s[^>]*>\$29\.99<\/s><span[^>]*>, now <\/span>\$23\.99/,
      );
      const [product] = structuredData(html);
      expect(product).toMatchObject({
        brand: { '@type': 'Brand', name: 'Shimano' },
        gtin: '4550170451561',
        mpn: 'CN-M8100',
        offers: {
          price: '23.99',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            priceType: 'https://schema.org/StrikethroughPrice',
            price: '29.99',
          },
        },
      });
      const sized =
        (await renderPage('http://shop.test/parts/sale-tyre', TEMPLATE, SITE))?.html ?? '';
      const [sizes] = structuredData(sized);
      expect(sizes).toMatchObject({ brand: { '@type': 'Brand', name: 'WTB' } });
      expect(sizes).not.toHaveProperty('gtin');
      expect(sizes?.offers).toEqual([
        expect.objectContaining({
          sku: 'T-700',
          gtin: '714401105829',
          mpn: 'W010-0771',
          priceSpecification: expect.objectContaining({ price: '52.00' }),
          itemOffered: expect.objectContaining({
            gtin: '714401105829',
            brand: { '@type': 'Brand', name: 'WTB' },
          }),
        }),
        expect.not.objectContaining({ gtin: expect.anything() }),
      ]);
      // A part without a brand names none: the shop is not every product's brand.
      const plain = (await renderPage(`http://shop.test/parts/${parts[1]!._id}`, TEMPLATE, SITE))
        ?.html;
      expect(structuredData(plain ?? '')[0]).not.toHaveProperty('brand');
    } finally {
      parts.splice(parts.indexOf(chain), 2);
    }
  });

  it('rates a reviewed part and says when it is sold out', async () => {
    answerApi();
    parts[0] = { ...sneaky, quantity: 0 };
    const html =
      (await renderPage(`http://shop.test/parts/${sneaky._id}`, TEMPLATE, SITE))?.html ?? '';
    parts[0] = sneaky;
    const [product] = structuredData(html);
    expect(product).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
    });
    // The name stays text inside the JSON-LD as everywhere else.
    expect(html).not.toContain('<script>alert(1)');
  });

  it('answers an unknown address and a part that is not there with 404 and “GOT LOST ?”', async () => {
    answerApi();
    for (const path of ['/no/such/page', '/parts/gone-part']) {
      const page = await renderPage(`http://shop.test${path}`, TEMPLATE, SITE);
      expect(page?.status, path).toBe(404);
      expect(page?.html, path).toMatch(/<h1[^>]*>GOT LOST \?<\/h1>/);
      expect(page?.html, path).toContain('<meta name="robots" content="noindex" />');
      expect(page?.html, path).toContain('<title>Page not found · Sprocket</title>');
    }
    // The part's 404 goes with the page, so the browser shows the same page as it hydrates.
    const missing = await renderPage('http://shop.test/parts/gone-part', TEMPLATE, SITE);
    const queries = pageData(missing?.html ?? '').queries.queries;
    expect(queries.find((q) => q.queryKey.includes('gone-part'))?.state).toMatchObject({
      status: 'error',
      error: { status: 404 },
    });
  });
});
