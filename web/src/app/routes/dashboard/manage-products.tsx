import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { CatalogueCsv } from '../../../features/admin-products/components/catalogue-csv.js';
import { ManageProducts } from '../../../features/admin-products/components/manage-products-table.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function ManageProductsRoute() {
  usePageTitle('Manage Products');
  return (
    <>
      <DashboardHeading title="Manage All Parts">
        Edit a part, add stock to it, or take it out of the catalogue. Newest first.
      </DashboardHeading>
      <CatalogueCsv />
      <ManageProducts />
    </>
  );
}
