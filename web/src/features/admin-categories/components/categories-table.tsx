import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { categorySpecs, type AdminCategory } from '@sprocket/contract';
import { useState } from 'react';
import type { DataColumn } from '../../../components/data/data-table.js';
import { ListTable } from '../../../components/data/list-table.js';
import { ConfirmDialog, useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { EditOutlinedIcon } from '../../../components/icons/edit-outlined.js';
import { KeyboardArrowDownIcon } from '../../../components/icons/keyboard-arrow-down.js';
import { KeyboardArrowUpIcon } from '../../../components/icons/keyboard-arrow-up.js';
import { VisibilityOutlinedIcon } from '../../../components/icons/visibility-outlined.js';
import { useToastOnSuccess } from '../../../lib/use-toast-on-success.js';
import { useDeleteCategory } from '../api/delete-category.js';
import { useEditCategory } from '../api/edit-category.js';
import { useReorderCategories } from '../api/reorder-categories.js';
import { CategoryDialog } from './category-dialog.js';

type Row = AdminCategory & { _id: string };

/** The ids with the one at `from` moved one place up (-1) or down (+1). */
const moved = (ids: string[], from: number, by: -1 | 1) => {
  const next = [...ids];
  [next[from], next[from + by]] = [next[from + by]!, next[from]!];
  return next;
};

/**
 * The shop's categories in their order (docs/product.md §2.37): each with its specifications and
 * parts, moved up or down, edited, hidden or shown, and deleted (asked first; one with parts is
 * refused: hide it instead).
 */
export function CategoriesTable({ categories }: { categories: AdminCategory[] }) {
  const edit = useEditCategory();
  const reorder = useReorderCategories();
  const remove = useDeleteCategory();
  const toastOnSuccess = useToastOnSuccess();
  const confirm = useConfirmTarget<AdminCategory>();
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const ids = categories.map((category) => category.id);
  const busy = reorder.isPending || edit.isPending;

  const move = (index: number, by: -1 | 1) => reorder.mutate(moved(ids, index, by));
  const setHidden = (category: AdminCategory, hidden: boolean) =>
    toastOnSuccess(
      () => edit.mutateAsync({ id: category.id, edit: { hidden } }),
      hidden ? `${category.name} is hidden from the shop` : `${category.name} is shown in the shop`,
    );

  const columns: DataColumn<Row>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700 }}>{row.name}</Typography>
          {row.hidden && <Chip label="Hidden" size="small" variant="outlined" />}
        </Stack>
      ),
      phone: 'title',
    },
    {
      id: 'specs',
      header: 'Specifications',
      cell: (row) =>
        categorySpecs(row)
          .map((spec) => spec.label)
          .join(', ') || 'None',
    },
    { id: 'parts', header: 'Parts', cell: (row) => row.parts, align: 'right' },
    {
      id: 'order',
      header: 'Order',
      cell: (row, index) => (
        <Stack direction="row">
          <IconButton
            aria-label={`Move ${row.name} up`}
            disabled={busy || index === 0}
            onClick={() => move(index, -1)}
          >
            <KeyboardArrowUpIcon />
          </IconButton>
          <IconButton
            aria-label={`Move ${row.name} down`}
            disabled={busy || index === categories.length - 1}
            onClick={() => move(index, 1)}
          >
            <KeyboardArrowDownIcon />
          </IconButton>
        </Stack>
      ),
      phone: 'plain',
    },
    {
      id: 'actions',
      header: 'Action',
      cell: (row) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
            aria-label={`Edit ${row.name}`}
            onClick={() => setEditing(row)}
          >
            Edit
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<VisibilityOutlinedIcon />}
            aria-label={row.hidden ? `Show ${row.name}` : `Hide ${row.name}`}
            disabled={busy}
            onClick={() => void setHidden(row, !row.hidden)}
          >
            {row.hidden ? 'Show' : 'Hide'}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            aria-label={`Delete ${row.name}`}
            onClick={() => confirm.ask(row)}
          >
            Delete
          </Button>
        </Stack>
      ),
      phone: 'plain',
    },
  ];
  const target = confirm.target;
  return (
    <ListTable
      label="Categories"
      empty="No categories yet: add one to file parts under."
      rows={categories.map((category) => ({ ...category, _id: category.id }))}
      columns={columns}
    >
      <ConfirmDialog
        open={confirm.open}
        title={`Delete the category ${target?.name ?? ''}?`}
        confirmLabel="Delete category"
        busy={remove.isPending}
        onConfirm={async () => {
          if (!target) return;
          // Refused (it has parts), the API's words are the error toast's.
          await toastOnSuccess(
            async () => (await remove.mutateAsync(target.id)).deletedCount > 0,
            `Deleted ${target.name}`,
          );
          confirm.close();
        }}
        onClose={confirm.close}
      >
        A category that still has parts cannot be deleted: hide it instead, and its parts leave the
        shop but stay in Manage Products.
      </ConfirmDialog>
      {editing && (
        <CategoryDialog
          category={editing}
          categories={categories}
          onClose={() => setEditing(null)}
        />
      )}
    </ListTable>
  );
}
