import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { lagText, type SalesReport, type SalesTotals, type TopPart } from '@sprocket/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.js';
import { formatPrice } from '../../../lib/money.js';

/** Tables that fit a phone: narrower cells, and figures never broken over lines. */
const compactTableSx = {
  '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
  '& td': { whiteSpace: 'nowrap' },
} as const;

/** "Mar 31", for the chart's axis. */
const shortDay = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** "Tue" for a day of the shop (YYYY-MM-DD, read as that calendar day). */
const weekday = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });

/** "Tue, Mar 31", the weekday left out on phones so that the row stays on one line. */
function DayLabel({ day }: { day: string }) {
  return (
    <>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {`${weekday(day)}, `}
      </Box>
      {shortDay(day)}
    </>
  );
}

/** A share as a percentage with one decimal ("2.5%"); "–" when there is nothing to divide by. */
export const percent = (share: number | null): string =>
  share === null ? '–' : `${(share * 100).toFixed(1)}%`;

/** How a figure moved from the period before: "+12% on the period before", or "new". */
export function change(now: number, before: number): string {
  if (before === 0)
    return now === 0 ? 'No change on the period before' : 'New on the period before';
  const moved = Math.round(((now - before) / before) * 100);
  return `${moved > 0 ? '+' : ''}${moved}% on the period before`;
}

function Figure({
  label,
  value,
  previous,
  note,
}: {
  label: string;
  value: string;
  previous: string;
  note: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={label}>
      <Typography variant="body2" color="textSecondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 0.5 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {note}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        Before: {previous}
      </Typography>
    </Paper>
  );
}

function Figures({ current, previous }: { current: SalesTotals; previous: SalesTotals }) {
  const money = (pick: (totals: SalesTotals) => number) => ({
    value: formatPrice(pick(current)),
    previous: formatPrice(pick(previous)),
    note: change(pick(current), pick(previous)),
  });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
        mb: 3,
      }}
    >
      <Figure label="Revenue" {...money((totals) => totals.revenue)} />
      <Figure
        label="Orders"
        value={String(current.orders)}
        previous={String(previous.orders)}
        note={change(current.orders, previous.orders)}
      />
      <Figure label="Average order value" {...money((totals) => totals.averageOrderValue)} />
      <Figure
        label="Refunds"
        value={`${current.refunds} · ${formatPrice(current.refundedAmount)}`}
        previous={`${previous.refunds} · ${formatPrice(previous.refundedAmount)}`}
        note={`Net revenue ${formatPrice(current.netRevenue)}`}
      />
      <Figure
        label="Conversion"
        value={percent(current.conversion)}
        previous={percent(previous.conversion)}
        note={`${current.orders} orders from ${current.productViews} product views`}
      />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Charts({ report }: { report: SalesReport }) {
  const days = report.days.map((day) => shortDay(day.day));
  const xAxis = [{ scaleType: 'band' as const, data: days }];
  // The charts show what the table below says; a screen reader reads the table.
  return (
    <Box
      aria-hidden
      data-testid="sales-charts"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      <Box>
        <Typography variant="subtitle2" component="p">
          Revenue per day
        </Typography>
        <BarChart
          height={240}
          xAxis={xAxis}
          yAxis={[{ valueFormatter: (cents: number) => formatPrice(cents), width: 72 }]}
          series={[
            {
              data: report.days.map((day) => day.revenue),
              label: 'Revenue',
              valueFormatter: (cents) => formatPrice(cents ?? 0),
            },
          ]}
          hideLegend
          disableKeyboardNavigation
          margin={{ left: 8, right: 8 }}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2" component="p">
          Orders per day
        </Typography>
        <LineChart
          height={240}
          xAxis={xAxis}
          yAxis={[{ tickMinStep: 1, width: 40 }]}
          series={[
            { data: report.days.map((day) => day.orders), label: 'Orders', curve: 'linear' },
          ]}
          hideLegend
          disableKeyboardNavigation
          margin={{ left: 8, right: 8 }}
        />
      </Box>
    </Box>
  );
}

function DaysTable({ report }: { report: SalesReport }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Sales per day, scrollable">
      <Table size="small" aria-label="Sales per day" sx={compactTableSx}>
        <TableHead>
          <TableRow>
            <TableCell>Day</TableCell>
            <TableCell align="right">Orders</TableCell>
            <TableCell align="right">Revenue</TableCell>
            <TableCell align="right">Refunds</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.days.map((day) => (
            <TableRow key={day.day}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <DayLabel day={day.day} />
              </TableCell>
              <TableCell align="right">{day.orders}</TableCell>
              <TableCell align="right">{formatPrice(day.revenue)}</TableCell>
              <TableCell align="right">
                {day.refunds === 0 ? '–' : `${day.refunds} · ${formatPrice(day.refundedAmount)}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PartsTable({ label, parts }: { label: string; parts: TopPart[] }) {
  if (parts.length === 0) {
    return <Typography color="textSecondary">No part sold in these days.</Typography>;
  }
  return (
    <TableContainer tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
      <Table size="small" aria-label={label} sx={compactTableSx}>
        <TableHead>
          <TableRow>
            <TableCell>Part</TableCell>
            <TableCell align="right">Units</TableCell>
            <TableCell align="right">Revenue</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {parts.map((part) => (
            <TableRow key={part.partId}>
              <TableCell component="th" scope="row">
                {part.partName}
              </TableCell>
              <TableCell align="right">{part.units}</TableCell>
              <TableCell align="right">{formatPrice(part.revenue)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LowStock({ report }: { report: SalesReport }) {
  if (report.lowStock.length === 0) {
    return <Typography color="textSecondary">No part is at or below its threshold.</Typography>;
  }
  return (
    <>
      <TableContainer tabIndex={0} role="region" aria-label="Low stock, scrollable">
        <Table size="small" aria-label="Low stock" sx={compactTableSx}>
          <TableHead>
            <TableRow>
              <TableCell>Part</TableCell>
              <TableCell align="right">In stock</TableCell>
              <TableCell align="right">Threshold</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.lowStock.map((item) => (
              <TableRow key={`${item.partId}-${item.sku ?? ''}`}>
                <TableCell component="th" scope="row">
                  {item.name}
                </TableCell>
                <TableCell align="right">{item.units}</TableCell>
                <TableCell align="right">{item.threshold}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Button
        component={RouterLink}
        to={paths.dashboard.manageProducts.getHref('low')}
        sx={{ mt: 1.5, minHeight: 44 }}
      >
        Restock them in Manage Products
      </Button>
    </>
  );
}

/** The Overview's figures, charts and tables of one SalesReport. */
export function SalesOverview({ report }: { report: SalesReport }) {
  return (
    <>
      <Figures current={report.current} previous={report.previous} />
      <Typography variant="body2" color="textSecondary" role="status" sx={{ mt: 1 }}>
        {lagText(report.lag)}
      </Typography>
      <Section title="Revenue and orders per day">
        <Charts report={report} />
        <DaysTable report={report} />
      </Section>
      <Box
        sx={{ display: 'grid', gap: { md: 3 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        <Section title="Top parts by revenue">
          <PartsTable label="Top parts by revenue" parts={report.topByRevenue} />
        </Section>
        <Section title="Top parts by units">
          <PartsTable label="Top parts by units" parts={report.topByUnits} />
        </Section>
      </Box>
      <Section title="Low stock">
        <LowStock report={report} />
      </Section>
    </>
  );
}
