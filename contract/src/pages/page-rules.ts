/**
 * The pages the owner writes (issue 36 item 2, docs/decisions/094): Terms, Privacy, Shipping,
 * Returns, About and any others, in Markdown, at /pages/{slug}. Their rules live here once: the
 * dashboard's form and the API (`validate(shopPageSchema)`, schemas/shop-page.ts) check the same
 * address pattern, the same reserved addresses, the same limits, in the same words. Plain values
 * with no yup: the storefront's footer shows the columns' labels.
 */
import { atMost } from '../schemas/text-limits.js';

/** The footer's columns (the specification's), or none: where a page's link is shown. */
export const footerColumnLabels = {
  services: 'Services',
  company: 'Company',
  legal: 'Legal',
  none: 'Not in the footer',
} as const;
export type FooterColumn = keyof typeof footerColumnLabels;
export const FOOTER_COLUMNS = Object.keys(footerColumnLabels) as FooterColumn[];

export const PAGE_SLUG_MAX = 60;
export const PAGE_TITLE_MAX = 80;
/** What search results show of a description. */
export const PAGE_DESCRIPTION_MAX = 160;
/**
 * The longest text a page takes: a long shop's terms run to about 25,000 characters. Its request
 * has a body limit of its own (PAGE_BODY_LIMIT_BYTES), since any character may take 4 bytes.
 */
export const PAGE_TEXT_MAX = 40_000;
export const PAGE_BODY_LIMIT_BYTES = 256 * 1024;

/** An address's last part: lowercase words of letters and digits joined by single dashes. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Addresses the shop uses itself, in the app (`/parts`, `/dashboard`) or the API (`/admin`,
 * `/ordered`), and those of its files: a page may not take one, so no page reads as one of the
 * shop's own screens, and pages could later be served at the top level. Tests check that every
 * first part of a route of the app and of the API is here.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'alerts',
  'api',
  'app',
  'assets',
  'blog',
  'blogs',
  'brand',
  'cart',
  'categories',
  'checkout',
  'contact',
  'contact-messages',
  'create-payment-intent',
  'dashboard',
  'favicon',
  'feeds',
  'files',
  'home',
  'index',
  'login',
  'logout',
  'mail',
  'manifest',
  'new',
  'ordered',
  'orders',
  'pages',
  'parts',
  'payment-methods',
  'payments',
  'profiles',
  'purchase',
  'reviews',
  'robots',
  'robots-rules',
  'search',
  'shipping-methods',
  'signup',
  'sitemap',
  'stats',
  'user',
  'users',
]);

/** The refusals of the pages' rules, the same on the form and from the API. */
export const pageMessages = {
  slugRequired: 'The address is required',
  slugPattern: 'Use lowercase letters, digits and single dashes, such as shipping-and-returns',
  slugReserved: (slug: string) =>
    `/pages/${slug} is one of the shop's own addresses: choose another`,
  slugTaken: (slug: string) => `There is a page at /pages/${slug} already`,
  titleRequired: 'The title is required',
  textRequired: "Write the page's text",
  textTooLong: (length: number) =>
    `The text can be at most ${PAGE_TEXT_MAX.toLocaleString('en')} characters (it has ${length.toLocaleString('en')})`,
  notFound: 'There is no such page',
} as const;

/** The problem with a page's address, or null: the pattern, the length and the reserved ones. */
export function pageSlugProblem(slug: string): string | null {
  if (slug === '') return pageMessages.slugRequired;
  if (slug.length > PAGE_SLUG_MAX) return atMost('The address', PAGE_SLUG_MAX);
  if (!PAGE_SLUG_PATTERN.test(slug)) return pageMessages.slugPattern;
  if (RESERVED_PAGE_SLUGS.has(slug)) return pageMessages.slugReserved(slug);
  return null;
}

/** The address a title suggests: "Shipping & Returns" → "shipping-returns". */
export const slugFromTitle = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, PAGE_SLUG_MAX)
    .replace(/^-+|-+$/g, '');

/** A page in the lists: the dashboard's (every page) and the footer's (published ones). */
// Types, not interfaces: the store keeps them as documents (an index signature's values).
export type ShopPageSummary = {
  slug: string;
  title: string;
  footer: FooterColumn;
  published: boolean;
  /** When it was last saved, as an ISO 8601 time. */
  updatedAt: string;
};

/**
 * One page (GET /pages/{slug}, GET /admin/pages/{slug}): what the owner wrote, and its text as
 * sanitised HTML (page-markdown.ts) with the description a search result shows (the owner's, or
 * the text's first words).
 */
export type ShopPage = ShopPageSummary & {
  description: string;
  markdown: string;
  html: string;
};

/** A page's link in the footer, in its column's order: by title. */
export const byPageTitle = (a: { title: string }, b: { title: string }) =>
  a.title.localeCompare(b.title, 'en');
