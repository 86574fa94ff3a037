/**
 * The pages the owner writes (issue 36 item 2, docs/decisions/094). Each page is a document of
 * `pages` under its address (`pages/terms`), so a second page at one address is refused by one
 * read in the transaction that writes it. The list the footer and the dashboard show is one more
 * document (`shopSettings/pages`), written in the same transaction, so the footer, which every
 * rendered page carries, costs one read and never a page's text. Every change leaves its audit
 * entry in that transaction too.
 */
import { createHash } from 'node:crypto';
import {
  byPageTitle,
  pageMessages,
  PAGE_DESCRIPTION_MAX,
  type ShopPage,
  type ShopPageInput,
  type ShopPageSummary,
} from '@sprocket/contract';
import { plainTextOf, renderPageMarkdown } from '@sprocket/contract/page-markdown';
import type { DocData, Store, Transaction } from '../../store/port.js';
import { auditJson, recordAudit, type AdminAct } from '../audit/audit-log.js';
import { conflict, DomainError, notFound } from '../errors.js';

export const PAGES = 'pages';
/** The list of every page, in the shop's settings documents (tracking keeps its own there). */
const SHOP_SETTINGS = 'shopSettings';
const PAGE_LIST = 'pages';

type PageDoc = Omit<ShopPage, 'slug' | 'html'> & DocData;
interface PageListDoc extends DocData {
  pages: ShopPageSummary[];
}

const summaryOf = (slug: string, page: Omit<ShopPageSummary, 'slug'>): ShopPageSummary => ({
  slug,
  title: page.title,
  footer: page.footer,
  published: page.published,
  updatedAt: page.updatedAt,
});

/** A description cut at a word, as search results show about 160 characters. */
function descriptionFrom(text: string): string {
  if (text.length <= PAGE_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, PAGE_DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > 80 ? cut.slice(0, space) : cut}…`;
}

/** The page as it is answered: its text as sanitised HTML, a description in any case. */
function shopPageOf(slug: string, doc: PageDoc): ShopPage {
  const html = renderPageMarkdown(doc.markdown);
  return {
    ...summaryOf(slug, doc),
    description: doc.description || descriptionFrom(plainTextOf(html)),
    markdown: doc.markdown,
    html,
  };
}

const readList = async (reader: Pick<Transaction, 'get'>) =>
  (await reader.get<PageListDoc>(SHOP_SETTINGS, PAGE_LIST))?.data.pages ?? [];

/** Every page, drafts too, by title (the dashboard). */
export async function listPages(store: Store): Promise<ShopPageSummary[]> {
  return [...(await readList(store))].sort(byPageTitle);
}

/** The published pages, by title (the footer, the sitemap). */
export async function listPublishedPages(store: Store): Promise<ShopPageSummary[]> {
  return (await listPages(store)).filter((page) => page.published);
}

/** One page; a draft only when `drafts` (the dashboard), else it is not there. */
export async function getPage(store: Store, slug: string, drafts = false): Promise<ShopPage> {
  const doc = await store.get<PageDoc>(PAGES, slug);
  if (!doc || (!doc.data.published && !drafts))
    throw new DomainError('not_found', pageMessages.notFound);
  return shopPageOf(slug, doc.data);
}

/**
 * The text as the audit log keeps it: its start, its length and a fingerprint, so the log says
 * that it changed without holding two copies of a long page.
 */
export function textInAudit(markdown: string): string {
  const flat = markdown.replace(/\s+/g, ' ').trim();
  const start = flat.length > 60 ? `${flat.slice(0, 60)}…` : flat;
  const print = createHash('sha256').update(markdown).digest('hex').slice(0, 8);
  return `${start} (${markdown.length.toLocaleString('en')} characters, #${print})`;
}

const auditFields = (page: PageDoc, slug: string) =>
  auditJson({
    title: page.title,
    slug,
    description: page.description,
    footer: page.footer,
    published: page.published,
    markdown: textInAudit(page.markdown),
  });

const docOf = (input: ShopPageInput, act: AdminAct): PageDoc => ({
  title: input.title,
  description: input.description,
  footer: input.footer,
  published: input.published,
  markdown: input.markdown,
  updatedAt: act.at.toISOString(),
});

const taken = (slug: string) =>
  conflict(pageMessages.slugTaken(slug), { slug: pageMessages.slugTaken(slug) });

/** A new page (409 on the slug's field when one has its address). */
export async function createPage(
  store: Store,
  input: ShopPageInput,
  act: AdminAct,
): Promise<ShopPage> {
  const doc = docOf(input, act);
  await store.runTransaction(async (tx) => {
    const [existing, list] = await Promise.all([tx.get(PAGES, input.slug), readList(tx)]);
    if (existing) throw taken(input.slug);
    tx.set(PAGES, input.slug, doc);
    tx.set(SHOP_SETTINGS, PAGE_LIST, {
      pages: [...list.filter((page) => page.slug !== input.slug), summaryOf(input.slug, doc)],
    });
    recordAudit(tx, act, {
      kind: 'page.added',
      targetId: input.slug,
      targetName: doc.title,
      before: null,
      after: auditFields(doc, input.slug),
    });
  });
  return shopPageOf(input.slug, doc);
}

/**
 * Replaces the page at `slug`; a new address in `input` moves it there (409 when that one is
 * taken). The audit entry keeps the fields that changed.
 */
export async function updatePage(
  store: Store,
  slug: string,
  input: ShopPageInput,
  act: AdminAct,
): Promise<ShopPage> {
  const doc = docOf(input, act);
  await store.runTransaction(async (tx) => {
    const moving = input.slug !== slug;
    const [was, target, list] = await Promise.all([
      tx.get<PageDoc>(PAGES, slug),
      moving ? tx.get(PAGES, input.slug) : Promise.resolve(null),
      readList(tx),
    ]);
    if (!was) throw notFound('Page');
    if (target) throw taken(input.slug);
    if (moving) tx.delete(PAGES, slug);
    tx.set(PAGES, input.slug, doc);
    tx.set(SHOP_SETTINGS, PAGE_LIST, {
      pages: [
        ...list.filter((page) => page.slug !== slug && page.slug !== input.slug),
        summaryOf(input.slug, doc),
      ],
    });
    const before = auditFields(was.data, slug);
    const after = auditFields(doc, input.slug);
    const changed = Object.keys(after).filter(
      (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    );
    recordAudit(tx, act, {
      kind: 'page.edited',
      targetId: input.slug,
      targetName: doc.title,
      before: Object.fromEntries(changed.map((field) => [field, before[field] ?? null])),
      after: Object.fromEntries(changed.map((field) => [field, after[field] ?? null])),
    });
  });
  return shopPageOf(input.slug, doc);
}

/** Removes the page; its address answers 404 from then on. */
export async function deletePage(store: Store, slug: string, act: AdminAct): Promise<void> {
  await store.runTransaction(async (tx) => {
    const [was, list] = await Promise.all([tx.get<PageDoc>(PAGES, slug), readList(tx)]);
    if (!was) throw notFound('Page');
    tx.delete(PAGES, slug);
    tx.set(SHOP_SETTINGS, PAGE_LIST, { pages: list.filter((page) => page.slug !== slug) });
    recordAudit(tx, act, {
      kind: 'page.removed',
      targetId: slug,
      targetName: was.data.title,
      before: auditFields(was.data, slug),
      after: null,
    });
  });
}

/**
 * Writes each of `pages` whose address no page has, once per store: the demo shop's
 * (functions/src/seed/pages.ts). A marker records that it was done, so a page the owner removed
 * stays removed. Answers how many it wrote.
 */
export async function seedShopPages(
  store: Store,
  pages: ShopPageInput[],
  now: Date,
): Promise<number> {
  const marker = { collection: 'meta', id: 'seed-pages' } as const;
  return store.runTransaction(async (tx) => {
    const [done, list, ...existing] = await Promise.all([
      tx.get(marker.collection, marker.id),
      readList(tx),
      ...pages.map((page) => tx.get(PAGES, page.slug)),
    ]);
    if (done) return 0;
    const docs = pages
      .filter((_, index) => !existing[index])
      .map(({ slug, ...page }) => ({ slug, doc: { ...page, updatedAt: now.toISOString() } }));
    for (const { slug, doc } of docs) tx.set(PAGES, slug, doc);
    tx.set(SHOP_SETTINGS, PAGE_LIST, {
      pages: [...list, ...docs.map(({ slug, doc }) => summaryOf(slug, doc))],
    });
    tx.set(marker.collection, marker.id, { seededAt: now.toISOString() });
    return docs.length;
  });
}
