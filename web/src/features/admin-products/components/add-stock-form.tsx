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
 * a part sold in variants, to the variant picked beside it (its stock shown), the first at first,
 * or to the one size `sku` names (a Low stock row, which is that size's).
 */
export function AddStockForm({
  part,
  sku: fixedSku,
}: {
  part: Pick<Part, '_id' | 'productName'> & Partial<Pick<CataloguePart, 'options' | 'variants'>>;
  sku?: string;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const addStock = useAddStock();
  const variants = fixedSku === undefined ? (part.variants ?? []) : [];
  const firstSku = fixedSku ?? variants[0]?.sku;
  const initial: AddStockFormValues =
    firstSku === undefined ? { addQuantity: '' } : { addQuantity: '', sku: firstSku };
  // One form per size on a Low stock list: its field's id names the size too.
  const fieldId = `add-stock-${part._id}${fixedSku === undefined ? '' : `-${fixedSku}`}`;
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
          useFlexGap
          // At most the quantity and the button wide, the size picker on a line of its own above
          // them, so Manage Products' table fits 1440 px with its sized parts (issue 36 item 7).
          sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1, maxWidth: { sm: 240 } }}
        >
          {variants.length > 0 && (
            <FormTextField
              name="sku"
              id={`add-stock-variant-${part._id}`}
              label="Variant"
              size="small"
              select
              sx={{ minWidth: 140, flex: '1 1 100%' }}
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
            id={fieldId}
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
