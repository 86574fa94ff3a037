/**
 * The Google Merchant Center feed (issue 36 item 4, docs/decisions/102): RSS 2.0 with Google's
 * `g:` namespace, one item per part sold as one and one per size, the sizes of a part sharing its
 * `g:item_group_id`. Written from the catalogue snapshot, once per snapshot.
 */
import { createHash } from 'node:crypto';
import {
  formatAmount,
  isInStock,
  categoryName,
  saleOf,
  variantLabel,
  type CataloguePart,
  type Category,
  type PartVariant,
} from '@sprocket/contract';

/** Google's namespace for product attributes in RSS. */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';
/** Merchant Center's limits: an id of 50 characters, a title of 150, a description of 5,000. */
const ID_MAX = 50;
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

/** Whether XML 1.0 allows the character: not the control characters a pasted text may carry. */
const allowedInXml = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  // Nor half of a surrogate pair left alone, nor the two non-characters XML excludes.
  return !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
};

/** Text as XML character data: markup characters escaped, characters XML forbids removed. */
export const xmlText = (text: string): string =>
  [...text]
    .filter(allowedInXml)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** At most `max` characters, cut at a character (not inside a surrogate pair). */
const cut = (text: string, max: number) => [...text].slice(0, max).join('');

/**
 * A size's id in the feed: the part's id and the sku, unique in the shop (a sku is unique within
 * its part); past Merchant Center's 50 characters, the sku's hash stands in for it.
 */
export function sizeItemId(partId: string, sku: string): string {
  const id = `${partId}-${sku}`;
  if (id.length <= ID_MAX) return id;
  const hash = createHash('sha256').update(sku).digest('hex');
  return `${partId}-${hash}`.slice(0, ID_MAX);
}

export interface FeedShop {
  /** The shop's public origin, where its product pages are. */
  origin: string;
  title: string;
  currency: string;
  /** The shop's categories: a part's `product_type` is its category's name. */
  categories: readonly Category[];
}

/** An option by its meaning to Google: the size or the colour a size comes in. */
const optionOf = (variant: PartVariant, names: readonly string[]): string | undefined =>
  Object.entries(variant.options).find(([name]) => names.includes(name.toLowerCase()))?.[1];

function item(
  attributes: [name: string, value: string | number | undefined][],
  link: string,
  title: string,
  description: string,
): string {
  const lines = [
    `      <title>${xmlText(title)}</title>`,
    `      <link>${xmlText(link)}</link>`,
    `      <description>${xmlText(description)}</description>`,
    ...attributes
      .filter(
        (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
      )
      .map(([name, value]) => `      <g:${name}>${xmlText(String(value))}</g:${name}>`),
  ];
  return `    <item>\n${lines.join('\n')}\n    </item>`;
}

/** The items of one part: itself, or each of its sizes. */
function itemsOf(part: CataloguePart, shop: FeedShop): string[] {
  const money = (cents: number) => `${formatAmount(cents, shop.currency)} ${shop.currency}`;
  const page = `${shop.origin}/parts/${encodeURIComponent(part._id)}`;
  const description = cut(part.description, DESCRIPTION_MAX);
  const [, ...more] = part.images;
  const shared = (sale: { price: number; was?: number }, inStock: boolean) =>
    [
      ['image_link', part.img],
      ...more.slice(0, 10).map((picture) => ['additional_image_link', picture.url] as const),
      ['availability', inStock ? 'in_stock' : 'out_of_stock'],
      // On sale: the price it was, and the price it is sold at.
      ['price', money(sale.was ?? sale.price)],
      ['sale_price', sale.was === undefined ? undefined : money(sale.price)],
      ['condition', 'new'],
      ['brand', part.brand],
      ['product_type', categoryName(shop.categories, part.category)],
    ] as [string, string | undefined][];
  const identifiers = (gtin: string | undefined, mpn: string | undefined) =>
    [
      ['gtin', gtin],
      ['mpn', mpn],
      // Without a GTIN, nor a brand with an MPN, the part has no identifiers to match (custom parts).
      ['identifier_exists', gtin || (part.brand && mpn) ? undefined : 'no'],
    ] as [string, string | undefined][];
  const weight = (grams: number | undefined) =>
    ['shipping_weight', grams === undefined ? undefined : `${grams} g`] as [
      string,
      string | undefined,
    ];
  if (part.variants.length === 0) {
    const attributes = [
      ['id', part._id],
      ...shared(saleOf(part), isInStock(part)),
      ...identifiers(part.gtin, part.mpn),
      weight(part.weight),
    ] as [string, string | undefined][];
    return [item(attributes, page, cut(part.productName, TITLE_MAX), description)];
  }
  return part.variants.map((variant) => {
    const attributes = [
      ['id', sizeItemId(part._id, variant.sku)],
      ['item_group_id', part._id],
      ...shared(
        saleOf(part, variant),
        isInStock({ quantity: variant.quantity, order: part.order }),
      ),
      ...identifiers(variant.gtin, variant.mpn),
      // A size without a weight of its own weighs what the part says.
      weight(variant.weight ?? part.weight),
      ['size', optionOf(variant, ['size'])],
      ['color', optionOf(variant, ['colour', 'color'])],
    ] as [string, string | undefined][];
    const title = `${part.productName} (${variantLabel(part.options, variant)})`;
    const link = `${page}?sku=${encodeURIComponent(variant.sku)}`;
    return item(attributes, link, cut(title, TITLE_MAX), description);
  });
}

/** The feed of every part in the catalogue; a shop without parts has a channel without items. */
export function googleFeed(parts: readonly CataloguePart[], shop: FeedShop): string {
  const items = parts.flatMap((part) => itemsOf(part, shop));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '  <channel>',
    `    <title>${xmlText(shop.title)}</title>`,
    `    <link>${xmlText(shop.origin)}/</link>`,
    `    <description>${xmlText(`The products of ${shop.title}`)}</description>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
