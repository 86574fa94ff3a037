/**
 * A part's limits, stock badge and messages: plain values with no yup, so that the
 * public pages can show them without loading the schemas (schemas/part.ts checks with them).
 */
import { URL_MAX } from '../schemas/text-limits.js';

export const PRODUCT_NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const IMAGE_URL_MAX = URL_MAX;
export const QUANTITY_MAX = 1_000_000;
export const PRICE_MAX_CENTS = 100_000_000;
/** The highest price typed out ("1000000.00", "100000.000" in a three-decimal currency) fits. */
export const PRICE_TEXT_MAX = 12;

/**
 * Numbers written as text (a form's field, a query string, a JSON string) are read only when they
 * are plain decimals: yup's number() would also read "1e3" as 1000 and "0x10" as 16, which no
 * shop owner means by a price or a quantity.
 */
export const PLAIN_NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

/**
 * Whether a part can be bought: its stock covers at least its minimum order; for a part sold in
 * variants, some variant's stock does (docs/decisions/064). The catalogue's `inStock` filter and
 * the "Sold out" badge both ask this.
 */
export const isInStock = (part: {
  quantity: number;
  order: number;
  variants?: readonly { quantity: number }[];
}): boolean =>
  part.variants && part.variants.length > 0
    ? part.variants.some((variant) => variant.quantity > 0 && variant.quantity >= part.order)
    : part.quantity > 0 && part.quantity >= part.order;

/** At or below this stock a part that can still be bought says how few are left. */
export const LOW_STOCK_THRESHOLD = 5;

export type StockBadge =
  | { kind: 'in-stock'; label: 'In stock' }
  | { kind: 'low'; label: string }
  | { kind: 'sold-out'; label: 'Sold out' };

/**
 * The stock badge of a part card and the product page: "Sold out" when even the minimum order
 * cannot be had (isInStock), "Only N left" at LOW_STOCK_THRESHOLD or below, else "In stock".
 */
export function stockBadge(part: { quantity: number; order: number }): StockBadge {
  if (!isInStock(part)) return { kind: 'sold-out', label: 'Sold out' };
  if (part.quantity <= LOW_STOCK_THRESHOLD)
    return { kind: 'low', label: `Only ${part.quantity} left` };
  return { kind: 'in-stock', label: 'In stock' };
}

/** The part rules' words that the server applies and the web app shows. */
export const partMessages = {
  orderOverStock: (stock: number) => `Min order must be at most the stock (${stock})`,
};

/** An uploaded product image: the formats browsers show, recognised by their first bytes. */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** The most pixels an uploaded image may have: a phone camera's 12–48 MP, not a decompression bomb. */
export const IMAGE_UPLOAD_MAX_PIXELS = 40_000_000;

/** What the upload refuses, in the words the API answers and the Add Product form shows. */
export const imageUploadMessages = {
  wrongType: 'Upload a PNG, JPEG or WebP image',
  tooLarge: `The image must be at most ${IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB`,
  empty: 'The file is empty',
  tooManyPixels: `The image must be at most ${IMAGE_UPLOAD_MAX_PIXELS / 1_000_000} megapixels`,
  unreadable: 'The image could not be read: save it again as PNG, JPEG or WebP',
};
