import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { footerColumnLabels, type ShopPageSummary } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router';
import type { DataColumn } from '../../../components/data/data-table.js';
import { ListTable, removeColumn } from '../../../components/data/list-table.js';
import { ConfirmDialog, useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { EditOutlinedIcon } from '../../../components/icons/edit-outlined.js';
import { paths } from '../../../config/paths.js';
import { formatDay } from '../../../lib/format-time.js';
import { phoneTapTarget } from '../../../lib/tap-target.js';
import { useDeletePage } from '../api/save-page.js';

type Row = ShopPageSummary & { _id: string };

/**
 * The owner's pages (docs/product.md §2.32): each page's title, address (a link once published),
 * footer column, whether it is published, when it was last saved, Edit and Remove (asked first).
 */
export function PagesTable({
  pages,
  onEdit,
}: {
  pages: ShopPageSummary[];
  onEdit: (slug: string) => void;
}) {
  const confirm = useConfirmTarget<ShopPageSummary>();
  const remove = useDeletePage();
  const { enqueueSnackbar } = useSnackbar();
  const columns: DataColumn<Row>[] = [
    {
      id: 'title',
      header: 'Title',
      cell: (row) => <Typography sx={{ fontWeight: 700 }}>{row.title}</Typography>,
      phone: 'title',
    },
    {
      id: 'address',
      header: 'Address',
      cell: (row) => {
        const href = paths.shopPage.getHref(row.slug);
        return row.published ? (
          <Link
            component={RouterLink}
            to={href}
            sx={{ ...phoneTapTarget, overflowWrap: 'anywhere' }}
          >
            {href}
          </Link>
        ) : (
          <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
            {href}
          </Typography>
        );
      },
    },
    { id: 'footer', header: 'Footer', cell: (row) => footerColumnLabels[row.footer] },
    {
      id: 'status',
      header: 'Status',
      cell: (row) =>
        row.published ? (
          <Chip size="small" color="success" variant="outlined" label="Published" />
        ) : (
          <Chip size="small" variant="outlined" label="Draft" />
        ),
    },
    { id: 'updated', header: 'Saved', cell: (row) => formatDay(row.updatedAt) },
    {
      id: 'edit',
      header: 'Edit',
      cell: (row) => (
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          onClick={() => onEdit(row.slug)}
          aria-label={`Edit ${row.title}`}
        >
          Edit
        </Button>
      ),
      phone: 'plain',
    },
    removeColumn<Row>({
      label: 'Remove',
      name: (row) => `Remove ${row.title}`,
      onRemove: (row) => confirm.ask(row),
    }),
  ];
  return (
    <ListTable
      label="Pages"
      empty="No pages yet: add your terms, privacy policy, shipping and returns."
      rows={pages.map((page) => ({ ...page, _id: page.slug }))}
      columns={columns}
    >
      <ConfirmDialog
        open={confirm.open}
        title={`Remove ${confirm.target?.title ?? ''}?`}
        confirmLabel="Remove page"
        busy={remove.isPending}
        onConfirm={() => {
          const target = confirm.target;
          if (!target) return;
          remove.mutate(target.slug, {
            onSuccess: () => enqueueSnackbar(`Removed ${target.title}`, { variant: 'success' }),
            onSettled: confirm.close,
          });
        }}
        onClose={confirm.close}
      >
        <Stack spacing={1}>
          <span>
            {paths.shopPage.getHref(confirm.target?.slug ?? '')} will no longer be found, and its
            link leaves the footer.
          </span>
        </Stack>
      </ConfirmDialog>
    </ListTable>
  );
}
