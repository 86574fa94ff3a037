import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Part } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { DataTable, type DataColumn } from '../../../components/data/data-table.js';
import { ConfirmDialog, useConfirmTarget } from '../../../components/feedback/confirm-dialog.js';
import { useDeletePart } from '../api/delete-part.js';
import { AddStockForm } from './add-stock-form.js';

/**
 * Manage Products (docs/product.md §2.17): index, image, parts name, available quantity, action.
 */
export function ManageProductsTable({ parts }: { parts: Part[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeletePart();
  const confirm = useConfirmTarget<Part>();

  const confirmDelete = async () => {
    const part = confirm.target;
    if (!part) return;
    try {
      const result = await remove.mutateAsync(part._id);
      if (!result.deletedCount) return;
    } catch {
      return; // the mutation cache shows the API's message
    }
    enqueueSnackbar(`Deleted ${part.productName} Product`, { variant: 'success' });
    confirm.close();
  };

  const columns: DataColumn<Part>[] = [
    { id: 'index', header: '#', cell: (_part, index) => index + 1, phone: 'title' },
    {
      id: 'image',
      header: 'Image',
      cell: (part) => (
        <Box
          component="img"
          src={part.img}
          alt={part.productName}
          loading="lazy"
          sx={{
            width: 56,
            height: 56,
            objectFit: 'cover',
            borderRadius: 1.5,
            bgcolor: '#eef2f4',
            display: 'block',
          }}
        />
      ),
      phone: 'title',
    },
    {
      id: 'name',
      header: 'Parts Name',
      cell: (part) => <Box sx={{ fontWeight: 600 }}>{part.productName}</Box>,
      phone: 'title',
    },
    {
      id: 'available',
      header: 'Available Quantity',
      cell: (part) => part.quantity,
      align: 'right',
    },
    {
      id: 'action',
      header: 'Action',
      cell: (part) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: { xs: 1, sm: 'none' } }}>
            <AddStockForm part={part} />
          </Box>
          <Tooltip title="Delete product">
            <IconButton
              color="error"
              onClick={() => confirm.ask(part)}
              aria-label={`Delete ${part.productName}`}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
      phone: 'plain',
    },
  ];

  return (
    <>
      <DataTable
        label="All parts"
        rows={parts}
        rowKey={(part) => part._id}
        columns={columns}
        empty="No parts in the catalogue yet."
      />
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
    </>
  );
}
