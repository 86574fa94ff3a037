import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { AddCircleOutlinedIcon } from '../icons/add-circle-outlined.js';
import { DeleteOutlinedIcon } from '../icons/delete-outlined.js';
import { DataTable, type DataColumn, type TablePages, type TableSort } from './data-table.js';

/** How a list is shown now: its sort and pages where the server has them, and its narrowing. */
export interface ListTableView {
  sort?: TableSort;
  pages?: TablePages;
  /** Whether a search, filter or later page narrowed the rows (it words the empty table). */
  narrowed?: boolean;
  /** Rows with less padding (DataTable's `dense`). */
  dense?: boolean;
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
  const { sort, pages, narrowed = false, dense } = view;
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
        dense={dense}
      />
      {children}
    </>
  );
}

/**
 * The row over a list whose owner adds to it (Shipping and Tax, Discount Codes): its Add button on
 * the right, and on the left what `children` sets for the list as a whole.
 */
export function ListAddBar({
  label,
  onAdd,
  children,
}: {
  label: string;
  onAdd: () => void;
  children?: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      sx={{
        justifyContent: children ? 'space-between' : 'flex-end',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
      }}
    >
      {children}
      <Button
        variant="contained"
        color="secondary"
        startIcon={<AddCircleOutlinedIcon />}
        onClick={onAdd}
      >
        {label}
      </Button>
    </Stack>
  );
}

/**
 * A list's last column when its rows can be taken out: one red button a row, named for screen
 * readers by `name` ("Remove Express"), disabled while `disabled` (a save under way).
 */
export function removeColumn<T>({
  label,
  name,
  disabled,
  onRemove,
}: {
  label: string;
  name: (row: T) => string;
  disabled?: boolean;
  onRemove: (row: T) => void;
}): DataColumn<T> {
  return {
    id: 'action',
    header: 'Action',
    cell: (row) => (
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlinedIcon />}
        disabled={disabled}
        onClick={() => onRemove(row)}
        aria-label={name(row)}
      >
        {label}
      </Button>
    ),
    phone: 'plain',
  };
}
