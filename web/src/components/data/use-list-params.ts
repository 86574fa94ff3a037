import { useSearchWriter } from './search-writes.js';

/** The page sizes the admin tables offer; the first is the default. */
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;

/** What an admin table asks the server for: its search, filter, sort and page. */
export interface ListParams<F extends string, S extends string> {
  q: string;
  /** The filter's value ("paid", "admin"), or "" for everything. */
  filter: F | '';
  sort: S;
  page: number;
  pageSize: number;
}

export interface ListParamsSetup<N extends string, F extends string, S extends string> {
  /** The filter's name in the URL and in the API's query ("status", "role", "category"). */
  filterName: N;
  /** The filter values the table offers; any other value in the URL reads as "". */
  filters: readonly F[];
  /**
   * The filter a list opens on (All Orders' "to ship"); the URL then says `all` for every row.
   * Without one, a list opens on everything.
   */
  defaultFilter?: F;
  /** The sorts the server accepts; any other reads as `defaultSort`. */
  sorts: readonly S[];
  defaultSort: S;
}

/** Every sort the API takes for these columns: each ascending and descending ("-email"). */
export const sortsOf = <C extends string>(columns: readonly C[]) =>
  columns.flatMap((column) => [column, `-${column}` as const]);

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

const wholeNumberFrom = (text: string | null, fallback: number, allowed?: readonly number[]) => {
  const value = text !== null && /^[0-9]+$/.test(text) ? Number(text) : fallback;
  if (value < 1) return fallback;
  return allowed && !allowed.includes(value) ? fallback : value;
};

/**
 * An admin table's state in the page's URL (?q=&status=&sort=&page=&pageSize=), so a view can be
 * shared and the back button returns to the previous one. Defaults are left out of the URL.
 * Changing the search, filter, sort or page size goes back to page 1.
 */
/** The list's query as the API takes it: empty search and filter left out. */
export type ListApiQuery<N extends string, F extends string, S extends string> = {
  q?: string;
  sort: S;
  page: number;
  pageSize: number;
} & Partial<Record<N, F>>;

/** In the URL of a list with a default filter: every row, no filter. */
const ALL = 'all';

export function useListParams<N extends string, F extends string, S extends string>({
  filterName,
  filters,
  defaultFilter,
  sorts,
  defaultSort,
}: ListParamsSetup<N, F, S>) {
  const { searchParams, write } = useSearchWriter();
  const paramsOf = (search: URLSearchParams): ListParams<F, S> => {
    const filter = search.get(filterName) ?? defaultFilter ?? '';
    const sort = search.get('sort') ?? '';
    return {
      q: search.get('q') ?? '',
      filter: isOneOf(filters, filter) ? filter : '',
      sort: isOneOf(sorts, sort) ? sort : defaultSort,
      page: wholeNumberFrom(search.get('page'), 1),
      pageSize: wholeNumberFrom(search.get('pageSize'), ADMIN_PAGE_SIZES[0], ADMIN_PAGE_SIZES),
    };
  };
  const params = paramsOf(searchParams);

  /** Changes made from the search as last written, so one just made is not undone; others kept. */
  const update = (changes: Partial<ListParams<F, S>>, { replace = false } = {}) =>
    write(
      (written) => {
        const next = {
          ...paramsOf(written),
          ...(changes.page === undefined ? { page: 1 } : {}),
          ...changes,
        };
        const keep = (name: string, value: string, left: boolean) => {
          if (left) written.delete(name);
          else written.set(name, value);
        };
        keep('q', next.q, next.q.trim() === '');
        // The default filter is left out; so is "everything", unless a default filter stands there.
        keep(filterName, next.filter || ALL, next.filter === (defaultFilter ?? ''));
        keep('sort', next.sort, next.sort === defaultSort);
        keep('page', String(next.page), next.page === 1);
        keep('pageSize', String(next.pageSize), next.pageSize === ADMIN_PAGE_SIZES[0]);
      },
      { replace },
    );

  // In this order: the API's query strings name the search, the filter, then sort and page.
  const query = {
    q: params.q.trim() || undefined,
    [filterName]: params.filter || undefined,
    sort: params.sort,
    page: params.page,
    pageSize: params.pageSize,
  } as ListApiQuery<N, F, S>; // the computed key is `filterName`, which TypeScript widens to string

  return {
    params,
    /** What to ask the API for. */
    query,
    /** Typing in the search box replaces the history entry instead of adding one per key. */
    setSearch: (q: string) => update({ q }, { replace: true }),
    /** From a picker: a value the table does not offer reads as "everything". */
    setFilter: (value: string) => update({ filter: isOneOf(filters, value) ? value : '' }),
    setSort: (value: string) => update({ sort: isOneOf(sorts, value) ? value : defaultSort }),
    setPage: (page: number) => update({ page }),
    setPageSize: (pageSize: number) => update({ pageSize }),
  };
}
