import Alert from '@mui/material/Alert';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { ManageProductsTable } from '../../../features/admin-products/components/manage-products-table.js';
import { useParts } from '../../../features/parts/api/get-parts.js';
import { errorMessage } from '../../../lib/query-client.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function ManageProductsRoute() {
  usePageTitle('Manage Products');
  const parts = useParts();
  return (
    <>
      <DashboardHeading title="Manage All Parts">
        Add stock to a part, or take it out of the catalogue.
      </DashboardHeading>
      {parts.isPending ? (
        <FullScreenSpinner label="Loading the parts" />
      ) : parts.isError ? (
        <Alert severity="error">{errorMessage(parts.error)}</Alert>
      ) : (
        <ManageProductsTable parts={parts.data} />
      )}
    </>
  );
}
