import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CATALOGUE_SORTS, categoryName, type CataloguePart } from '@sprocket/contract';
import { useMemo, useState } from 'react';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { EditOutlinedIcon } from '../../../components/icons/edit-outlined.js';
import type { DataColumn } from '../../../components/data/data-table.js';
import {
  ListTable,
  type ListTableView,
  type ListTableWords,
} from '../../../components/data/list-table.js';
import { PartImage } from '../../../components/data/part-image.js';
import { ServerList } from '../../../components/data/server-list.js';
import { ConfirmDialog, useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { useAdminCategories } from '../../../lib/categories-query.js';
import { useToastOnSuccess } from '../../../lib/use-toast-on-success.js';
import { formatPrice } from '../../../lib/money.js';
import { useDeletePart } from '../api/delete-part.js';
import { useCataloguePage } from '../api/get-catalogue-page.js';
import { useStockAlertCounts } from '../api/get-stock-alert-counts.js';
import { AddStockForm } from './add-stock-form.js';
import { EditProductDialog } from './edit-product-dialog.js';

const TABLE_WORDS: ListTableWords = {
  label: 'All parts',
  empty: 'No parts in the catalogue yet.',
  emptyNarrowed: 'No parts match.',
};

/**
 * Manage Products (docs/product.md §2.17): index, image, parts name, category, price, available
 * quantity (and how many wait for its back-in-stock mail), action (Edit, Add Stock, delete). With `sort` the headers sort; with `pages` the rows
 * are one page of many.
 */
export function ManageProductsTable({
  parts,
  ...view
}: { parts: CataloguePart[] } & ListTableView) {
  const toastOnSuccess = useToastOnSuccess();
  const remove = useDeletePart();
  const confirm = useConfirmTarget<CataloguePart>();
  const [editing, setEditing] = useState<CataloguePart | null>(null);
  const waiting = useStockAlertCounts();
  const categories = useAdminCategories();

  const confirmDelete = async () => {
    const part = confirm.target;
    if (!part) return;
    const deleted = await toastOnSuccess(
      async () => (await remove.mutateAsync(part._id)).deletedCount > 0,
      `Deleted ${part.productName} Product`,
    );
    if (deleted) confirm.close();
  };

  const columns: DataColumn<CataloguePart>[] = [
    {
      id: 'image',
      header: 'Image',
      cell: (part) => (
        <PartImage
          src={part.img}
          alt={part.productName}
          loading="lazy"
          sx={{ width: 56, height: 56, borderRadius: 1.5 }}
        />
      ),
      phone: 'title',
    },
    {
      id: 'name',
      header: 'Parts Name',
      cell: (part) => <Box sx={{ fontWeight: 600 }}>{part.productName}</Box>,
      phone: 'title',
      sortBy: 'name',
    },
    {
      id: 'category',
      header: 'Category',
      cell: (part) => categoryName(categories, part.category),
    },
    {
      id: 'price',
      header: 'Price',
      cell: (part) => formatPrice(part.price),
      align: 'right',
      sortBy: 'price',
    },
    {
      id: 'available',
      header: 'Available Quantity',
      cell: (part) => {
        // How many addresses wait for its back-in-stock mail (decision 100), when any do.
        const count = waiting.data?.get(part._id) ?? 0;
        return (
          <>
            {part.quantity}
            {count > 0 && (
              <Typography
                variant="caption"
                data-testid="stock-alerts-waiting"
                sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'nowrap' }}
              >
                {count} waiting
              </Typography>
            )}
          </>
        );
      },
      align: 'right',
      // Two short lines over a number: room for Action at 1440 px (issue 36 item 7).
      wrapHeader: true,
    },
    {
      id: 'action',
      header: 'Action',
      cell: (part) => (
        <Stack
          direction="row"
          useFlexGap
          // Wraps rather than spill out of its cell when the table is tight (a sized part at
          // 1440 px, issue 36 item 7).
          sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: { xs: 1, sm: 0.5 } }}
        >
          <Tooltip title="Edit product">
            <IconButton
              color="primary"
              onClick={() => setEditing(part)}
              aria-label={`Edit ${part.productName}`}
            >
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
          {/* On phones the stock field takes the first line, the buttons the next. */}
          <Box
            sx={{
              flex: { xs: '1 1 100%', sm: 'none' },
              order: { xs: -1, sm: 0 },
              minWidth: { sm: 232 },
            }}
          >
            <AddStockForm part={part} />
          </Box>
          <Tooltip title="Delete product">
            <IconButton
              color="error"
              onClick={() => confirm.ask(part)}
              aria-label={`Delete ${part.productName}`}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
      phone: 'plain',
    },
  ];

  return (
    <ListTable {...TABLE_WORDS} rows={parts} columns={columns} view={view}>
      {editing && (
        // Keyed by the part, so the form starts from that part's values each time it opens.
        <EditProductDialog key={editing._id} part={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={confirm.open}
        title={`Wanted to delete ${confirm.target?.productName ?? ''}`}
        confirmLabel="Delete Product"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={confirm.close}
      >
        The part leaves the catalogue. Orders already placed keep its name and price.
      </ConfirmDialog>
    </ListTable>
  );
}

/**
 * Manage Products' list: search over names and descriptions, a filter by the shop's categories
 * (hidden ones too, decision 108), sort and pages, kept in the URL and asked of GET /admin/parts;
 * the newest parts first unless a header says otherwise.
 */
export function ManageProducts() {
  const categories = useAdminCategories();
  const setup = useMemo(
    () =>
      ({
        filterName: 'category',
        filters: categories.map((category) => category.id),
        sorts: CATALOGUE_SORTS,
        defaultSort: 'newest',
        searchLabel: 'Search parts',
        filter: {
          label: 'Category',
          allLabel: 'All categories',
          options: categories.map((category) => ({ value: category.id, label: category.name })),
        },
        loadingLabel: 'Loading the parts',
        otherSorts: [{ value: 'newest', label: 'Newest first' }],
      }) as const,
    [categories],
  );
  return (
    <ServerList setup={setup} usePage={useCataloguePage}>
      {(items, view) => <ManageProductsTable parts={items} {...view} />}
    </ServerList>
  );
}
