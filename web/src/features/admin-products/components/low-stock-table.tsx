import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LowStockItem } from '@sprocket/contract';
import { AddStockForm } from './add-stock-form.js';

/**
 * Manage Products' "Low stock" filter (docs/decisions/070, 091): each part, or size, at or below
 * its threshold, with Add Stock in its row (a size's adds to that size).
 */
export function LowStockTable({ items }: { items: LowStockItem[] }) {
  if (items.length === 0) {
    return <Typography color="textSecondary">No part is at or below its threshold.</Typography>;
  }
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Low stock, scrollable">
      <Table aria-label="Low stock">
        <TableHead>
          <TableRow>
            <TableCell>Parts Name</TableCell>
            <TableCell align="right">Available Quantity</TableCell>
            <TableCell align="right">Threshold</TableCell>
            <TableCell>Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={`${item.partId}-${item.sku ?? ''}`}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {item.name}
              </TableCell>
              <TableCell align="right">{item.units}</TableCell>
              <TableCell align="right">{item.threshold}</TableCell>
              <TableCell>
                <AddStockForm part={{ _id: item.partId, productName: item.name }} sku={item.sku} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
