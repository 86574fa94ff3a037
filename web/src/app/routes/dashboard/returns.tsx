import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { RETURN_STATUSES, returnStatusLabel, type ReturnStatus } from '@sprocket/contract';
import { useSearchParams } from 'react-router';
import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useReturns } from '../../../features/admin-returns/api/get-returns.js';
import { ReturnsList } from '../../../features/admin-returns/components/returns-list.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

const isStatus = (value: string | null): value is ReturnStatus =>
  RETURN_STATUSES.some((status) => status === value);

/**
 * Returns (admins, docs/product.md §2.33, decision 098): what customers asked to send back,
 * newest first, filtered by step in the address (`?status=asked`), each with its next step.
 */
export default function ReturnsRoute() {
  usePageTitle('Returns');
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('status');
  const status = isStatus(wanted) ? wanted : undefined;
  const returns = useReturns(status);
  return (
    <>
      <DashboardHeading title="Returns">
        What customers asked to send back. Approve with instructions or refuse with a reason; once
        the parts arrive, mark them received to refund them and put them back into stock.
      </DashboardHeading>
      <TextField
        select
        label="Show"
        value={status ?? 'all'}
        onChange={(event) =>
          setSearch(event.target.value === 'all' ? {} : { status: event.target.value })
        }
        sx={{ mb: 3, width: { xs: '100%', sm: 280 } }}
      >
        <MenuItem value="all">All returns</MenuItem>
        {RETURN_STATUSES.map((one) => (
          <MenuItem key={one} value={one}>
            {returnStatusLabel[one]}
          </MenuItem>
        ))}
      </TextField>
      <QueryContent query={returns} loadingLabel="Loading the returns">
        {(data) => <ReturnsList returns={data} />}
      </QueryContent>
    </>
  );
}
