import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { QueryError } from '../../../components/feedback/query-error.js';
import { AddCircleOutlinedIcon } from '../../../components/icons/add-circle-outlined.js';
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
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddCircleOutlinedIcon />}
          onClick={() => setAdding(true)}
        >
          Add code
        </Button>
      </Stack>
      {discounts.isPending ? (
        <FullScreenSpinner label="Loading the discount codes" />
      ) : discounts.isError ? (
        <QueryError query={discounts} />
      ) : (
        <DiscountsTable discounts={discounts.data} />
      )}
      {adding && <AddDiscountDialog onClose={() => setAdding(false)} />}
    </>
  );
}
