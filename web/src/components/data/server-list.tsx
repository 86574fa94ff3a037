import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiPage } from '../../lib/api-client.js';
import { FullScreenSpinner } from '../feedback/full-screen-spinner.js';
import { QueryError } from '../feedback/query-error.js';
import type { TablePages, TableSort } from './data-table.js';
import { ListToolbar, type ListFilter } from './list-toolbar.js';
import {
  ADMIN_PAGE_SIZES,
  useListParams,
  type ListApiQuery,
  type ListParamsSetup,
} from './use-list-params.js';

/** What a table of one server page is given: whether the list is narrowed, its sort and pages. */
export interface ServerListView {
  /** A search, a filter or a later page is on: "No … match." rather than "No … yet.". */
  narrowed: boolean;
  sort: TableSort;
  pages: TablePages;
}

/** One admin list: what its URL may hold, and the words of its toolbar and loading state. */
export interface ServerListSetup<
  N extends string,
  F extends string,
  S extends string,
> extends ListParamsSetup<N, F, S> {
  searchLabel: string;
  /** The list's one picker filter (a status, a role), if it has one. */
  filter?: Omit<ListFilter, 'value' | 'onChange'>;
  loadingLabel: string;
  /** Sorts no header stands for ("Newest first"), offered by the phones' sort picker. */
  otherSorts?: TableSort['others'];
}

/**
 * An admin list the server searches, filters, sorts and pages (Manage All Orders, Manage Products,
 * Make Admin): its state in the URL, the toolbar over it, the page asked of the API with
 * `usePage`, the loading and error states, and the table of the page, drawn by `children` from
 * the page's items and its view.
 */
export function ServerList<N extends string, F extends string, S extends string, T>({
  setup,
  usePage,
  more,
  children,
}: {
  setup: ServerListSetup<N, F, S>;
  /**
   * Filters of the list's own under the toolbar (days, a customer), which keep their values in
   * the URL too; `narrowed` when any is on.
   */
  more?: { filters: ReactNode; narrowed: boolean };
  /** The list's query hook (one per list, so it is called on every render like any hook). */
  usePage: (query: ListApiQuery<N, F, S>) => UseQueryResult<ApiPage<T>>;
  children: (items: T[], view: ServerListView) => ReactNode;
}) {
  const list = useListParams(setup);
  const page = usePage(list.query);
  const { q, filter: filterValue, sort, page: pageNumber, pageSize } = list.params;
  return (
    <>
      <ListToolbar
        searchLabel={setup.searchLabel}
        search={q}
        onSearch={list.setSearch}
        filter={setup.filter && { ...setup.filter, value: filterValue, onChange: list.setFilter }}
      />
      {more?.filters}
      {page.isPending ? (
        <FullScreenSpinner label={setup.loadingLabel} />
      ) : page.isError ? (
        <QueryError query={page} />
      ) : (
        children(page.data.items, {
          narrowed:
            q.trim() !== '' || filterValue !== '' || pageNumber > 1 || (more?.narrowed ?? false),
          sort: { value: sort, onChange: list.setSort, others: setup.otherSorts },
          pages: {
            page: pageNumber,
            pageSize,
            pageSizes: ADMIN_PAGE_SIZES,
            total: page.data.total,
            onPageChange: list.setPage,
            onPageSizeChange: list.setPageSize,
          },
        })
      )}
    </>
  );
}
