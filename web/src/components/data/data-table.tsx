import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../lib/visually-hidden.js';

export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** On phones: 'title' joins the card's heading, 'plain' shows the value without its label. */
  phone?: 'title' | 'plain' | 'labelled';
  /** The API's sort column behind this header: clicking the header sorts by it. */
  sortBy?: string;
  /** The header may break into lines (a long header over short values). */
  wrapHeader?: boolean;
}

/** A sort as the list APIs write it: the column, descending with a leading "-" ("-createdAt"). */
export interface TableSort {
  value: string;
  onChange: (value: string) => void;
  /** Sorts no header stands for ("-createdAt" where no column shows the date), for phones. */
  others?: readonly { value: string; label: string }[];
}

/** Pages of a list the server pages (its total from X-Total-Count). Pages count from 1. */
export interface TablePages {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const descending = (sort: string) => sort.startsWith('-');
const sortColumn = (sort: string) => sort.replace(/^-/, '');

/** The sort after a click on a column's header: that column ascending, or the other way round. */
export const nextSort = (current: string, column: string): string =>
  sortColumn(current) === column && !descending(current) ? `-${column}` : column;

/** On phones there are no headers to click: the sortable columns in a picker. */
function PhoneSortPicker<T>({ columns, sort }: { columns: DataColumn<T>[]; sort: TableSort }) {
  const sortable = columns.filter((column) => column.sortBy);
  if (sortable.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label="Sort by"
      value={sort.value}
      onChange={(event) => sort.onChange(event.target.value)}
      sx={{ mb: 1.5, minWidth: 220 }}
    >
      {sort.others?.map((other) => (
        <MenuItem key={other.value} value={other.value}>
          {other.label}
        </MenuItem>
      ))}
      {sortable.flatMap((column) => [
        <MenuItem key={column.sortBy} value={column.sortBy}>
          {column.header}, ascending
        </MenuItem>,
        <MenuItem key={`-${column.sortBy}`} value={`-${column.sortBy}`}>
          {column.header}, descending
        </MenuItem>,
      ])}
    </TextField>
  );
}

function Pagination({ pages, phone }: { pages: TablePages; phone: boolean }) {
  return (
    <TablePagination
      component="div"
      count={pages.total}
      page={pages.page - 1}
      rowsPerPage={pages.pageSize}
      rowsPerPageOptions={[...pages.pageSizes]}
      labelRowsPerPage={phone ? 'Rows' : 'Rows per page'}
      onPageChange={(_event, page) => pages.onPageChange(page + 1)}
      onRowsPerPageChange={(event) => pages.onPageSizeChange(Number(event.target.value))}
      sx={{ '& .MuiTablePagination-toolbar': { px: { xs: 0, sm: 2 } } }}
    />
  );
}

/**
 * The dashboard's tables (docs/product.md §2.2): a table from tablet width up; on phones each row
 * becomes a card with the same cells, so nothing hides off-screen behind a horizontal scroll.
 */
export function DataTable<T>({
  label,
  rows,
  rowKey,
  columns,
  empty,
  sort,
  pages,
  dense = false,
}: {
  /** Rows with less padding, so that more fit on a screen (Manage All Orders). */
  dense?: boolean;
  /** Names the table for screen readers. */
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: DataColumn<T>[];
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** Sorting by the columns that have `sortBy`. */
  sort?: TableSort;
  /** Pagination under the rows, for a list the server pages. */
  pages?: TablePages;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  if (rows.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography color="textSecondary">{empty}</Typography>
        {/* A page emptied by deletions past the last one still leads back. */}
        {pages && pages.total > 0 && <Pagination pages={pages} phone={phone} />}
      </Paper>
    );

  if (phone) {
    const titles = columns.filter((column) => column.phone === 'title');
    const rest = columns.filter((column) => column.phone !== 'title');
    return (
      <>
        {sort && <PhoneSortPicker columns={columns} sort={sort} />}
        <Stack
          component="ul"
          aria-label={label}
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {rows.map((row, index) => (
            <Card component="li" key={rowKey(row)} sx={{ p: 2 }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                {titles.map((column, position) => (
                  <Typography
                    key={column.id}
                    variant="subtitle1"
                    component="div"
                    // The first title is the row's number: "26" never breaks into "2" over "6".
                    sx={{ overflowWrap: 'anywhere', flexShrink: position === 0 ? 0 : 1 }}
                  >
                    {column.cell(row, index)}
                  </Typography>
                ))}
              </Stack>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 2,
                  rowGap: 1,
                  alignItems: 'center',
                }}
              >
                {rest.map((column) =>
                  column.phone === 'plain' ? (
                    // A definition list's value needs its term: kept for screen readers only.
                    <Box key={column.id} sx={{ display: 'contents' }}>
                      <Box component="dt" sx={visuallyHidden}>
                        {column.header}
                      </Box>
                      <Box component="dd" sx={{ m: 0, gridColumn: '1 / -1', pt: 0.5 }}>
                        {column.cell(row, index)}
                      </Box>
                    </Box>
                  ) : (
                    <Box key={column.id} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="textSecondary">
                        {column.header}
                      </Typography>
                      <Box
                        component="dd"
                        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', fontSize: 14 }}
                      >
                        {column.cell(row, index)}
                      </Box>
                    </Box>
                  ),
                )}
              </Box>
            </Card>
          ))}
        </Stack>
        {pages && <Pagination pages={pages} phone />}
      </>
    );
  }

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label={label} size={dense ? 'small' : 'medium'} sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow sx={{ bgcolor: 'rgba(14, 74, 82, 0.05)' }}>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ fontWeight: 700, whiteSpace: column.wrapHeader ? 'normal' : 'nowrap' }}
                  sortDirection={
                    sort && column.sortBy && sortColumn(sort.value) === column.sortBy
                      ? descending(sort.value)
                        ? 'desc'
                        : 'asc'
                      : false
                  }
                >
                  {sort && column.sortBy ? (
                    <TableSortLabel
                      active={sortColumn(sort.value) === column.sortBy}
                      direction={
                        sortColumn(sort.value) === column.sortBy && descending(sort.value)
                          ? 'desc'
                          : 'asc'
                      }
                      onClick={() => sort.onChange(nextSort(sort.value, column.sortBy ?? ''))}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={rowKey(row)} hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align}>
                    {column.cell(row, index)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pages && <Pagination pages={pages} phone={false} />}
    </Paper>
  );
}
