import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiPage } from '../../lib/api-client.js';
import { FullScreenSpinner } from '../feedback/full-screen-spinner.js';
import { QueryError } from '../feedback/query-error.js';
import type { TablePages } from './data-table.js';
import { ListToolbar, type ListFilter } from './list-toolbar.js';
import { ADMIN_PAGE_SIZES, type useListParams } from './use-list-params.js';

/** What a table of one server page is given: whether the list is narrowed, its sort and pages. */
export interface ServerListView {
  /** A search, a filter or a later page is on: "No … match." rather than "No … yet.". */
  narrowed: boolean;
  sort: { value: string; onChange: (value: string) => void };
  pages: TablePages;
}

/**
 * An admin list the server searches, filters, sorts and pages (Manage All Orders, Manage Products,
 * Make Admin): the toolbar over it, the loading and error states, and the table of the page,
 * drawn by `children` from the page's items and its view.
 */
export function ServerList<T>({
  list,
  searchLabel,
  filter,
  page,
  loadingLabel,
  children,
}: {
  list: Omit<ReturnType<typeof useListParams<string, string, string>>, 'query'>;
  searchLabel: string;
  filter: Omit<ListFilter, 'value' | 'onChange'>;
  page: UseQueryResult<ApiPage<T>>;
  loadingLabel: string;
  children: (items: T[], view: ServerListView) => ReactNode;
}) {
  const { q, filter: filterValue, sort, page: pageNumber, pageSize } = list.params;
  return (
    <>
      <ListToolbar
        searchLabel={searchLabel}
        search={q}
        onSearch={list.setSearch}
        filter={{ ...filter, value: filterValue, onChange: list.setFilter }}
      />
      {page.isPending ? (
        <FullScreenSpinner label={loadingLabel} />
      ) : page.isError ? (
        <QueryError query={page} />
      ) : (
        children(page.data.items, {
          narrowed: q.trim() !== '' || filterValue !== '' || pageNumber > 1,
          sort: { value: sort, onChange: list.setSort },
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
