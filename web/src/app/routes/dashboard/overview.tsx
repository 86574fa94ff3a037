import { isDay, SALES_MAX_DAYS, type SalesReport } from '@sprocket/contract';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useSales, type SalesRange } from '../../../features/admin-sales/api/get-sales.js';
import { SalesOverview } from '../../../features/admin-sales/components/sales-overview.js';
import { SalesRangePicker } from '../../../features/admin-sales/components/sales-range-picker.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

/** The range the address names (?days=, or ?from=&to=), else the last 7 days. */
function rangeOf(search: URLSearchParams): SalesRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (isDay(from) && isDay(to) && from <= to) return { from, to };
  const days = Number(search.get('days'));
  return Number.isInteger(days) && days >= 1 && days <= SALES_MAX_DAYS ? { days } : { days: 7 };
}

const periodText = (report: SalesReport) =>
  report.from === report.to ? report.from : `${report.from} to ${report.to}`;

export default function OverviewRoute() {
  usePageTitle('Overview');
  const [search, setSearch] = useSearchParams();
  const range = rangeOf(search);
  const sales = useSales(range);
  return (
    <>
      <DashboardHeading title="Overview">
        How sales went: revenue, orders and refunds by the day they were paid or refunded, against
        the period just before, with the parts that sell best and the ones running out.
      </DashboardHeading>
      <SalesRangePicker
        range={range}
        onChange={(next) =>
          setSearch('days' in next ? { days: String(next.days) } : { from: next.from, to: next.to })
        }
      />
      <QueryContent query={sales} loadingLabel="Loading the sales">
        {(report) => (
          <>
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              {`Days ${periodText(report)} in the shop’s time zone (${report.timeZone}), against ${report.previousFrom} to ${report.previousTo}.`}
            </Typography>
            <SalesOverview report={report} />
          </>
        )}
      </QueryContent>
    </>
  );
}
