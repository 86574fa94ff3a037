/** All Orders' export (issue 27): the selection as a CSV file with the orders' amounts. */
import Button from '@mui/material/Button';
import { ORDER_STATUSES, type OrderStatus, type OrdersSelection } from '@sprocket/contract';
import { useSearchParams } from 'react-router';
import { useExportOrdersCsv } from '../api/export-orders-csv.js';

const isStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * Downloads the orders All Orders selects, every page of them: its search and status from the
 * URL, with the days and customer it is given.
 */
export function OrdersCsvButton({
  selection,
}: {
  selection: Pick<OrdersSelection, 'from' | 'to' | 'email'>;
}) {
  const [searchParams] = useSearchParams();
  const exportCsv = useExportOrdersCsv();
  const status = searchParams.get('status') ?? '';
  const download = async () => {
    let blob: Blob;
    try {
      blob = await exportCsv.mutateAsync({
        ...selection,
        q: searchParams.get('q')?.trim() || undefined,
        status: isStatus(status) ? status : undefined,
      });
    } catch {
      return; // the mutation cache shows the API's message
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `sprocket-orders-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Button
      variant="outlined"
      onClick={() => void download()}
      loading={exportCsv.isPending}
      sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: { xs: 'start', md: 'auto' } }}
    >
      Export CSV
    </Button>
  );
}
