import Typography from '@mui/material/Typography';
import { discountSummary, type DiscountCode } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import type { DataColumn } from '../../../components/data/data-table.js';
import { ListTable, removeColumn } from '../../../components/data/list-table.js';
import { ConfirmDialog, useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { formatPrice } from '../../../lib/money.js';
import { useDeleteDiscount } from '../api/delete-discount.js';

/** A code's day as the list shows it: "Jul 1, 2025" (UTC, as stored). */
const day = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

/** When the code may be used, in words: "Any time", "From Jul 1, 2025", "Until …", "A – B". */
function validity({ startsAt, endsAt }: DiscountCode): string {
  if (startsAt && endsAt) return `${day(startsAt)} – ${day(endsAt)}`;
  if (startsAt) return `From ${day(startsAt)}`;
  if (endsAt) return `Until ${day(endsAt)}`;
  return 'Any time';
}

type Row = DiscountCode & { _id: string };

/**
 * The shop's discount codes (docs/product.md §2.26): each code's terms, when it may be used, how
 * many orders used it of how many it allows, and Delete (asked first; orders keep their code).
 */
export function DiscountsTable({ discounts }: { discounts: DiscountCode[] }) {
  const confirm = useConfirmTarget<string>();
  const remove = useDeleteDiscount();
  const { enqueueSnackbar } = useSnackbar();
  const columns: DataColumn<Row>[] = [
    {
      id: 'code',
      header: 'Code',
      cell: (row) => <Typography sx={{ fontWeight: 700 }}>{row.code}</Typography>,
      phone: 'title',
    },
    {
      id: 'terms',
      header: 'Discount',
      cell: (row) =>
        `${discountSummary(row, formatPrice)}${
          row.minSubtotal ? ` orders of ${formatPrice(row.minSubtotal)} or more` : ''
        }${row.oncePerCustomer ? ', once per customer' : ''}`,
    },
    { id: 'valid', header: 'Valid', cell: validity },
    {
      id: 'uses',
      header: 'Uses',
      cell: (row) => (row.maxUses ? `${row.uses} of ${row.maxUses}` : String(row.uses)),
    },
    removeColumn<Row>({
      label: 'Delete',
      name: (row) => `Delete code ${row.code}`,
      onRemove: (row) => confirm.ask(row.code),
    }),
  ];
  return (
    <ListTable
      label="Discount codes"
      empty="No discount codes yet: add one for a promotion."
      rows={discounts.map((discount) => ({ ...discount, _id: discount.code }))}
      columns={columns}
    >
      <ConfirmDialog
        open={confirm.open}
        title={`Delete the code ${confirm.target ?? ''}?`}
        confirmLabel="Delete code"
        busy={remove.isPending}
        onConfirm={() => {
          const code = confirm.target;
          if (!code) return;
          remove.mutate(code, {
            onSuccess: () => enqueueSnackbar(`Deleted code ${code}`, { variant: 'success' }),
            onSettled: confirm.close,
          });
        }}
        onClose={confirm.close}
      >
        Shoppers can no longer use it. Orders placed with it keep it.
      </ConfirmDialog>
    </ListTable>
  );
}
