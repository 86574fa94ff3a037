/**
 * What the lists that take query parameters share (GET /parts, GET /ordered, GET /users): text
 * search, sorting by a column, and one page with how many matched, which the route answers in
 * the X-Total-Count header. The lists are filtered in memory: the catalogue from its snapshot
 * (docs/decisions/020), the admin tables from one read of their collection.
 */
import { CATALOGUE_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@sprocket/contract';
import type { Context } from 'hono';

export interface Page<T> {
  items: T[];
  /** How many matched, before paging. */
  total: number;
}

/** Whether a checked query asks for anything; an empty text asks for nothing. */
export const asksForAnything = (query: object): boolean =>
  Object.values(query).some((value) => value !== undefined && value !== '');

/** Where a page begins in the whole list, and how many items it holds. */
export function pageWindow(paging: { page?: number; pageSize?: number }): {
  start: number;
  size: number;
} {
  const size = paging.pageSize ?? CATALOGUE_PAGE_SIZE;
  return { start: ((paging.page ?? 1) - 1) * size, size };
}

/** One page (from 1) of `items`, with how many there are in all. */
export function paginate<T>(items: T[], paging: { page?: number; pageSize?: number }): Page<T> {
  const { start, size } = pageWindow(paging);
  return { items: items.slice(start, start + size), total: items.length };
}

/** The page as a plain JSON array (what clients of the original API read), its total in a header. */
export function pageResponse<T>(c: Context, page: Page<T>): Response {
  c.header(TOTAL_COUNT_HEADER, String(page.total));
  return c.json(page.items);
}

/** Lower case, without accents or other marks, so "Pédale" is found by "pedale". */
export const searchFold = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a search text, folded; every one must appear in what matches. */
export const searchWords = (q: string | undefined): string[] =>
  searchFold(q ?? '')
    .split(/\s+/)
    .filter(Boolean);

/** Whether every word appears in the (folded) text; no words match everything. */
export const matchesWords = (foldedText: string, words: readonly string[]): boolean =>
  words.every((word) => foldedText.includes(word));

const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Compares two values of a column: numbers by value, texts by their letters (case-blind). */
export function compareValues(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : byText.compare(String(a), String(b));
}

/**
 * Sorts by a column named as the contract's list queries name it ("createdAt", "-createdAt" for
 * descending); ties keep the list's order (Array.prototype.sort is stable).
 */
export function sortByColumn<T, C extends string>(
  items: readonly T[],
  sort: string,
  valueOf: (item: T, column: C) => string | number,
): T[] {
  const descending = sort.startsWith('-');
  const column = (descending ? sort.slice(1) : sort) as C;
  const sign = descending ? -1 : 1;
  return [...items].sort((a, b) => sign * compareValues(valueOf(a, column), valueOf(b, column)));
}

/**
 * One page of an admin table (GET /ordered, GET /users): the items whose search text holds every
 * word of `q` and that pass the table's filter, sorted by `sort`, newest first unless it says
 * otherwise.
 */
export function adminTablePage<T, C extends string>(
  items: readonly T[],
  query: { q?: string; sort?: string; page?: number; pageSize?: number },
  table: {
    /** The item's searchable text, folded (searchFold). */
    searchText: (item: T) => string;
    filter: (item: T) => boolean;
    valueOf: (item: T, column: C) => string | number;
  },
): Page<T> {
  const words = searchWords(query.q);
  const matching = items.filter(
    (item) => matchesWords(table.searchText(item), words) && table.filter(item),
  );
  return paginate(sortByColumn(matching, query.sort ?? '-createdAt', table.valueOf), query);
}
