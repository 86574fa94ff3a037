import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { addStockSchema, type AddStockFormValues, type Part } from '@sprocket/contract';
import { Form } from 'formik';
import { useSnackbar } from 'notistack';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useAddStock } from '../api/add-stock.js';
import { SchemaFormik } from '../../../components/form/schema-formik.js';

const NO_STOCK_TYPED: AddStockFormValues = { addQuantity: '' };

/** Manage Products' stock input (docs/product.md §5.3): a whole number to add, always checked. */
export function AddStockForm({ part }: { part: Pick<Part, '_id' | 'productName'> }) {
  const { enqueueSnackbar } = useSnackbar();
  const addStock = useAddStock();
  return (
    <SchemaFormik<AddStockFormValues>
      schema={addStockSchema}
      initialValues={NO_STOCK_TYPED}
      onSubmit={async (values, { resetForm }) => {
        const { addQuantity } = addStockSchema.cast(values);
        try {
          const result = await addStock.mutateAsync({ partId: part._id, addQuantity });
          if (!result.acknowledged) return;
        } catch {
          return; // the mutation cache shows the API's message
        }
        enqueueSnackbar('Updated Successfully', { variant: 'success' });
        resetForm();
      }}
    >
      {(formik) => (
        <Stack
          component={Form}
          noValidate
          aria-label={`Add stock to ${part.productName}`}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
        >
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
