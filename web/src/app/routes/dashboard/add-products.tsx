import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { AddProductForm } from '../../../features/admin-products/components/add-product-form.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

export default function AddProductRoute() {
  usePageTitle('Add Product');
  return (
    <>
      <DashboardHeading title="Add Product">
        A new part for the catalogue. Every field is required.
      </DashboardHeading>
      <AddProductForm />
    </>
  );
}
