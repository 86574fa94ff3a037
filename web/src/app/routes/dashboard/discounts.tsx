import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ListAddBar } from '../../../components/data/list-table.js';
import { QueryContent } from '../../../components/feedback/query-content.js';
import { DashboardHeading } from '../../../components/layout/dashboard-heading.js';
import { useDiscounts } from '../../../features/admin-discounts/api/get-discounts.js';
import { AddDiscountDialog } from '../../../features/admin-discounts/components/add-discount-dialog.js';
import { DiscountsTable } from '../../../features/admin-discounts/components/discounts-table.js';
import { usePageTitle } from '../../../lib/use-page-title.js';

/** Discount Codes (admins): the shop's codes, Add code, and Delete (docs/product.md §2.26). */
export default function DiscountsRoute() {
  usePageTitle('Discount Codes');
  const discounts = useDiscounts();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <DashboardHeading title="Discount Codes">
        Codes shoppers type at checkout: a percentage or an amount off, from a minimum subtotal,
        between two dates, for a number of orders, or once per customer.
      </DashboardHeading>
      <Stack spacing={2}>
        <ListAddBar label="Add code" onAdd={() => setAdding(true)} />
        <QueryContent query={discounts} loadingLabel="Loading the discount codes">
          {(data) => <DiscountsTable discounts={data} />}
        </QueryContent>
      </Stack>
      {adding && <AddDiscountDialog onClose={() => setAdding(false)} />}
    </>
  );
}
