import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** On phones: 'title' joins the card's heading, 'plain' shows the value without its label. */
  phone?: 'title' | 'plain' | 'labelled';
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
}: {
  /** Names the table for screen readers. */
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: DataColumn<T>[];
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  if (rows.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography color="text.secondary">{empty}</Typography>
      </Paper>
    );

  if (phone) {
    const titles = columns.filter((column) => column.phone === 'title');
    const rest = columns.filter((column) => column.phone !== 'title');
    return (
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row, index) => (
          <Card component="li" key={rowKey(row)} sx={{ p: 2 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
              {titles.map((column) => (
                <Typography
                  key={column.id}
                  variant="subtitle1"
                  component="div"
                  sx={{ overflowWrap: 'anywhere' }}
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
                  <Box key={column.id} component="dd" sx={{ m: 0, gridColumn: '1 / -1', pt: 0.5 }}>
                    {column.cell(row, index)}
                  </Box>
                ) : (
                  <Box key={column.id} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
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
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label} sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow sx={{ bgcolor: 'rgba(14, 74, 82, 0.05)' }}>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.align}
                sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
              >
                {column.header}
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
  );
}
