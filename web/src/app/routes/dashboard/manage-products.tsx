import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { paths } from '../../../config/paths.js';
import { useLowStock } from '../../../features/admin-products/api/get-low-stock.js';
import { CatalogueCsv } from '../../../features/admin-products/components/catalogue-csv.js';
import { LowStockTable } from '../../../features/admin-products/components/low-stock-table.js';
import { ManageProducts } from '../../../features/admin-products/components/manage-products-table.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

function LowStockParts() {
  const lowStock = useLowStock();
  return (
    <QueryContent query={lowStock} loadingLabel="Loading the parts low on stock">
      {(items) => <LowStockTable items={items} />}
    </QueryContent>
  );
}

export default function ManageProductsRoute() {
  usePageTitle('Manage Products');
  const [search] = useSearchParams();
  const low = search.get('stock') === 'low';
  return (
    <>
      <DashboardHeading title="Manage All Parts">
        Edit a part, add stock to it, or take it out of the catalogue. Newest first.
      </DashboardHeading>
      <CatalogueCsv />
      <Stack direction="row" spacing={1} sx={{ mb: 2 }} component="nav" aria-label="Parts shown">
        {/* Links, so each filter has its address and works before the scripts. */}
        <Button
          component={RouterLink}
          to={paths.dashboard.manageProducts.getHref()}
          variant={low ? 'outlined' : 'contained'}
          aria-current={low ? undefined : 'page'}
        >
          All parts
        </Button>
        <Button
          component={RouterLink}
          to={paths.dashboard.manageProducts.getHref('low')}
          variant={low ? 'contained' : 'outlined'}
          aria-current={low ? 'page' : undefined}
        >
          Low stock
        </Button>
      </Stack>
      {low ? <LowStockParts /> : <ManageProducts />}
    </>
  );
}
