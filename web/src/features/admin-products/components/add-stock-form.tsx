import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  addStockSchema,
  variantLabel,
  type AddStockFormValues,
  type CataloguePart,
  type Part,
} from '@sprocket/contract';
import { Form } from 'formik';
import { useSnackbar } from 'notistack';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useAddStock } from '../api/add-stock.js';
import { SchemaFormik } from '../../../components/form/schema-formik.js';

/**
 * Manage Products' stock input (docs/product.md §5.3): a whole number to add, always checked; for
 * a part sold in variants, to the variant picked beside it (its stock shown), the first at first.
 */
export function AddStockForm({
  part,
}: {
  part: Pick<Part, '_id' | 'productName'> & Partial<Pick<CataloguePart, 'options' | 'variants'>>;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const addStock = useAddStock();
  const variants = part.variants ?? [];
  const initial: AddStockFormValues = variants[0]
    ? { addQuantity: '', sku: variants[0].sku }
    : { addQuantity: '' };
  return (
    <SchemaFormik<AddStockFormValues>
      schema={addStockSchema}
      initialValues={initial}
      onSubmit={async (values, { resetForm }) => {
        const { addQuantity, sku } = addStockSchema.cast(values);
        try {
          const result = await addStock.mutateAsync({ partId: part._id, addQuantity, sku });
          if (!result.acknowledged) return;
        } catch {
          return; // the mutation cache shows the API's message
        }
        enqueueSnackbar('Updated Successfully', { variant: 'success' });
        // The variant stays picked, for more of it.
        resetForm({ values: sku ? { addQuantity: '', sku } : { addQuantity: '' } });
      }}
    >
      {(formik) => (
        <Stack
          component={Form}
          noValidate
          aria-label={`Add stock to ${part.productName}`}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, rowGap: 1 }}
        >
          {variants.length > 0 && (
            <FormTextField
              name="sku"
              id={`add-stock-variant-${part._id}`}
              label="Variant"
              size="small"
              select
              sx={{ minWidth: 140 }}
            >
              {variants.map((variant) => (
                <MenuItem key={variant.sku} value={variant.sku}>
                  {variantLabel(part.options ?? [], variant)} ({variant.quantity})
                </MenuItem>
              ))}
            </FormTextField>
          )}
          <FormTextField
            name="addQuantity"
            id={`add-stock-${part._id}`}
            label="Quantity"
            size="small"
            required
            sx={{ width: { xs: '100%', sm: 112 } }}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                'aria-label': `Quantity to add to ${part.productName}`,
              },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            size="medium"
            disabled={!formik.isValid || !formik.dirty}
            loading={formik.isSubmitting}
            sx={{ flexShrink: 0, height: 40 }}
          >
            Add Stock
          </Button>
        </Stack>
      )}
    </SchemaFormik>
  );
}
