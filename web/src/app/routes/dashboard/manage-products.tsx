import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
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
      <Stack direction="row" sx={{ mb: 2 }}>
        {/* Links, so each filter has its address and works before the scripts. */}
        <ToggleButtonGroup
          size="small"
          color="primary"
          value={low ? 'low' : 'all'}
          aria-label="Show"
        >
          <ToggleButton
            value="all"
            component={RouterLink}
            to={paths.dashboard.manageProducts.getHref()}
          >
            All parts
          </ToggleButton>
          <ToggleButton
            value="low"
            component={RouterLink}
            to={paths.dashboard.manageProducts.getHref('low')}
          >
            Low stock
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {low ? <LowStockParts /> : <ManageProducts />}
    </>
  );
}
