import type { ReactNode } from 'react';
import { DataTable, type DataColumn, type TablePages, type TableSort } from './data-table.js';

/** How a list is shown now: its sort and pages where the server has them, and its narrowing. */
export interface ListTableView {
  sort?: TableSort;
  pages?: TablePages;
  /** Whether a search, filter or later page narrowed the rows (it words the empty table). */
  narrowed?: boolean;
}

/** A list table's name for screen readers and what it says when it has no rows. */
export interface ListTableWords {
  label: string;
  empty: string;
  /** Said instead when a search, filter or later page narrowed the list. */
  emptyNarrowed?: string;
}

/**
 * The one scaffold of the dashboard's lists (My Orders, Manage All Orders, Manage Products, Make
 * Admin): rows numbered on from the page's first, keyed by their id, the empty table worded for
 * a narrowed list, and beside the table the dialogs its rows' actions open (`children`).
 */
export function ListTable<T extends { _id: string }>({
  label,
  rows,
  columns,
  empty,
  emptyNarrowed = empty,
  view = {},
  children,
}: ListTableWords & {
  rows: T[];
  /** The columns after the row's number. */
  columns: DataColumn<T>[];
  view?: ListTableView;
  children?: ReactNode;
}) {
  const { sort, pages, narrowed = false } = view;
  const firstIndex = pages ? (pages.page - 1) * pages.pageSize : 0;
  const numbered: DataColumn<T>[] = [
    { id: 'index', header: '#', cell: (_row, index) => firstIndex + index + 1, phone: 'title' },
    ...columns,
  ];
  return (
    <>
      <DataTable
        label={label}
        rows={rows}
        rowKey={(row) => row._id}
        columns={numbered}
        empty={narrowed ? emptyNarrowed : empty}
        sort={sort}
        pages={pages}
      />
      {children}
    </>
  );
}
