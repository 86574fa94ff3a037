/**
 * GET /feeds/google.xml (issue 36 item 4, docs/decisions/102): the Google Merchant Center feed,
 * read as Merchant Center reads it: parsed as XML (never matched as text), every item checked
 * against the attributes Google's product data specification requires. Runs on SQLite, and on
 * Firestore with SPROCKET_TEST_STORE.
 */
import { apiPaths, BRAND_DEFAULTS, type InsertResult } from '@sprocket/contract';
// Firebase Admin's storage client reads XML with it; the test reads the feed the same way.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { GOOGLE_NAMESPACE } from './google-feed.js';

/**
 * What Google's product data specification (support.google.com/merchants/answer/7052112) requires
 * of every item, and what it requires of some: brand of every new product; a GTIN, or an MPN with
 * the brand, or `identifier_exists` no; `item_group_id` of each variant; `sale_price` beside the
 * regular `price`.
 */
const REQUIRED = ['id', 'title', 'description', 'link', 'image_link', 'availability', 'price'];
const AVAILABILITY = ['in_stock', 'out_of_stock', 'preorder', 'backorder'];
const CONDITION = ['new', 'refurbished', 'used'];
/** "12.50 USD": a decimal and an ISO 4217 code. */
const PRICE = /^\d+(\.\d+)? [A-Z]{3}$/;
const ID_MAX = 50;
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

type FeedItem = Record<string, string | string[]>;

/** The feed as Merchant Center reads it: well-formed XML, RSS 2.0, Google's namespace, its items. */
function readFeed(xml: string): { channel: Record<string, unknown>; items: FeedItem[] } {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    isArray: (name) => name === 'item' || name === 'g:additional_image_link',
  }).parse(xml) as { rss: Record<string, unknown> & { channel: Record<string, unknown> } };
  expect(parsed.rss['@version']).toBe('2.0');
  expect(parsed.rss['@xmlns:g']).toBe(GOOGLE_NAMESPACE);
  const channel = parsed.rss.channel;
  const items = ((channel.item ?? []) as Record<string, string | string[]>[]).map((raw) =>
    Object.fromEntries(
      Object.entries(raw).map(([name, value]) => [name.replace(/^g:/, ''), value]),
    ),
  );
  return { channel, items };
}

/** What Merchant Center would refuse in an item, by attribute. */
function merchantCenterProblems(item: FeedItem, ids: Set<string>): string[] {
  const text = (name: string) => (typeof item[name] === 'string' ? (item[name] as string) : '');
  const problems = REQUIRED.filter((name) => text(name).trim() === '').map((name) => `no ${name}`);
  if (ids.has(text('id'))) problems.push(`id ${text('id')} twice`);
  ids.add(text('id'));
  if (text('id').length > ID_MAX) problems.push('id too long');
  if (text('title').length > TITLE_MAX) problems.push('title too long');
  if (text('description').length > DESCRIPTION_MAX) problems.push('description too long');
  for (const link of ['link', 'image_link'])
    if (!/^https?:\/\//.test(text(link))) problems.push(`${link} not absolute`);
  if (!AVAILABILITY.includes(text('availability'))) problems.push('availability not Google’s');
  if (!PRICE.test(text('price'))) problems.push('price not "12.50 USD"');
  if (item.sale_price !== undefined && !PRICE.test(text('sale_price')))
    problems.push('sale_price not "12.50 USD"');
  if (item.condition !== undefined && !CONDITION.includes(text('condition')))
    problems.push('condition not Google’s');
  const identified = text('gtin') !== '' || (text('brand') !== '' && text('mpn') !== '');
  if (!identified && text('identifier_exists') !== 'no') problems.push('no identifiers');
  if (text('gtin') !== '' && !/^(\d{8}|\d{12,14})$/.test(text('gtin'))) problems.push('bad gtin');
  if (text('shipping_weight') !== '' && !/^\d+(\.\d+)? (g|kg|lb|oz)$/.test(text('shipping_weight')))
    problems.push('shipping_weight without its unit');
  return problems;
}

let api: Harness;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({
    // The production max age: the feed is kept as long as the catalogue, and follows its edits.
    env: { SHOP_CACHE_MAX_AGE_SECONDS: '60' },
    // The shop's own address of the feed goes through the pages' listener; it loads no renderer.
    pages: {
      renderer: pathToFileURL('/nonexistent/entry-server.mjs'),
      page: pathToFileURL('/nonexistent/app.html'),
    },
  });
  admin = await api.admin();
});
afterAll(async () => {
  await api?.close();
});

const feed = () => api.request<string>('GET', apiPaths.googleFeed());

async function add(body: object): Promise<string> {
  const added = await api.request<InsertResult>('POST', '/parts', {
    token: admin.token,
    json: body,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.insertedId;
}

describe('GET /feeds/google.xml', () => {
  it('is a valid feed without items in a shop without parts, not an error', async () => {
    const answer = await feed();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const { channel, items } = readFeed(answer.body);
    expect(items).toEqual([]);
    expect(channel.title).toBe(BRAND_DEFAULTS.name);
    expect(channel.link).toBe(`${api.publicUrl}/`);
  });

  it('lists every part and size with what Merchant Center requires, sizes as one group', async () => {
    const chain = await add({
      productName: 'Chain & "links" <12-speed>',
      img: '/parts/chain.svg',
      order: 1,
      quantity: 8,
      price: 2399,
      compareAtPrice: 2999,
      description: 'A 12-speed chain.\u0007 Rust & wear resistant.',
      category: 'drivetrain',
      brand: 'Shimano',
      gtin: '4550170451561',
      mpn: 'CN-M8100',
      weight: 252,
    });
    const tyre = await add({
      productName: 'Gravel tyre',
      img: '/parts/tyre.svg',
      order: 1,
      description: 'A tyre in two sizes.',
      category: 'wheels-and-tyres',
      brand: 'WTB',
      weight: 520,
      options: [{ name: 'Size', values: ['700x32c', '650bx47'] }],
      variants: [
        {
          sku: 'GRAVEL-700-32',
          options: { Size: '700x32c' },
          price: 4500,
          quantity: 4,
          gtin: '714401105829',
          mpn: 'W010-0771',
          compareAtPrice: 5200,
        },
        { sku: 'GRAVEL-650-47', options: { Size: '650bx47' }, price: 4800, quantity: 0 },
      ],
    });
    // No brand, no barcode: a shop's own part.
    const kit = await add({
      productName: 'Workshop kit',
      img: 'https://cdn.example.com/kit.jpg',
      order: 1,
      quantity: 2,
      price: 1500,
      description: 'Assorted bolts.',
    });

    const answer = await feed();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/^public, .*s-maxage=60/);
    const { items } = readFeed(answer.body);
    const ids = new Set<string>();
    for (const item of items)
      expect(merchantCenterProblems(item, ids), String(item.id)).toEqual([]);
    expect(items.map((item) => item.id)).toEqual([
      chain,
      `${tyre}-GRAVEL-700-32`,
      `${tyre}-GRAVEL-650-47`,
      kit,
    ]);
    const [onSale, size, soldOutSize, own] = items;
    expect(onSale).toMatchObject({
      // Escaped in the file, read back as written; the bell character XML forbids is gone.
      title: 'Chain & "links" <12-speed>',
      description: 'A 12-speed chain. Rust & wear resistant.',
      link: `${api.publicUrl}/parts/${chain}`,
      image_link: `${api.publicUrl}/parts/chain.svg`,
      availability: 'in_stock',
      price: '29.99 USD',
      sale_price: '23.99 USD',
      brand: 'Shimano',
      gtin: '4550170451561',
      mpn: 'CN-M8100',
      condition: 'new',
      shipping_weight: '252 g',
    });
    expect(onSale?.item_group_id).toBeUndefined();
    expect(size).toMatchObject({
      item_group_id: tyre,
      title: 'Gravel tyre (700x32c)',
      link: `${api.publicUrl}/parts/${tyre}?sku=GRAVEL-700-32`,
      price: '52.00 USD',
      sale_price: '45.00 USD',
      gtin: '714401105829',
      mpn: 'W010-0771',
      brand: 'WTB',
      size: '700x32c',
      shipping_weight: '520 g',
    });
    expect(soldOutSize).toMatchObject({
      item_group_id: tyre,
      availability: 'out_of_stock',
      price: '48.00 USD',
      identifier_exists: 'no',
    });
    expect(soldOutSize?.sale_price).toBeUndefined();
    expect(own).toMatchObject({ availability: 'in_stock', identifier_exists: 'no' });
    expect(own?.brand).toBeUndefined();
  });

  it('is the same at the shop’s own address, /feeds/google.xml', async () => {
    const [fromApi, fromShop] = await Promise.all([
      feed(),
      fetch(`${api.url}${apiPaths.googleFeed()}`),
    ]);
    expect(fromShop.status).toBe(200);
    expect(fromShop.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(await fromShop.text()).toBe(fromApi.body);
  });

  it('follows an edit: a sale that ends has no sale price', async () => {
    const id = await add({
      productName: 'Brake pads',
      img: '/parts/pads.svg',
      order: 1,
      quantity: 3,
      price: 1200,
      compareAtPrice: 1500,
      description: 'Resin pads.',
      gtin: '4550170386146',
    });
    const before = readFeed((await feed()).body).items.find((item) => item.id === id);
    expect(before).toMatchObject({ price: '15.00 USD', sale_price: '12.00 USD' });
    const ended = await api.request('PATCH', `/parts/${id}`, {
      token: admin.token,
      json: { compareAtPrice: null },
    });
    expect(ended.status).toBe(200);
    const after = readFeed((await feed()).body).items.find((item) => item.id === id);
    expect(after).toMatchObject({ price: '12.00 USD' });
    expect(after?.sale_price).toBeUndefined();
  });
});
