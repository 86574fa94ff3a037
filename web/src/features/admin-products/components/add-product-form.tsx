import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { isImageUrl, type PartInput, type ProductFormValues } from '@sprocket/contract';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { currencySign, parsePrice, priceExample, productFormSchema } from '../../../lib/money.js';
import { useAddPart } from '../api/add-part.js';

const EMPTY: ProductFormValues = {
  productName: '',
  img: '',
  order: '',
  quantity: '',
  price: '',
  description: '',
};

/** The form's text as the API's part: whole numbers, and the price in the currency's minor unit. */
function toPart(values: ProductFormValues): PartInput {
  const cast = productFormSchema.cast(values);
  const price = parsePrice(cast.price);
  // The schema has already checked the price with the same parser.
  if (price === null) throw new Error(`Not an amount: ${cast.price}`);
  return { ...cast, price };
}

const showsImage = (src: string) => isImageUrl(src.trim());

/** Add Product (docs/product.md §2.15, §5.3): every field required, validated on each change. */
export function AddProductForm() {
  const { enqueueSnackbar } = useSnackbar();
  const addPart = useAddPart();
  return (
    <Card sx={{ maxWidth: 960 }}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Formik<ProductFormValues>
          initialValues={EMPTY}
          validationSchema={productFormSchema}
          validateOnMount
          onSubmit={async (values, { resetForm, setErrors }) => {
            try {
              const result = await addPart.mutateAsync(toPart(values));
              if (!result.acknowledged) return;
            } catch (error) {
              if (error instanceof ApiError && error.fields) setErrors(error.fields);
              return; // the mutation cache shows the API's message
            }
            enqueueSnackbar('Product added successfully!', { variant: 'success' });
            resetForm();
          }}
        >
          {(formik) => (
            <Form noValidate aria-label="Add product">
              <Grid container spacing={{ xs: 2, md: 3 }}>
                <Grid size={{ xs: 12, md: 8 }}>
                  <Grid container spacing={2}>
                    <Grid size={12}>
                      <FormTextField name="productName" label="Product Name" required />
                    </Grid>
                    <Grid size={12}>
                      <FormTextField
                        name="img"
                        label="Image URL"
                        required
                        placeholder="https://… or /parts/…"
                        helperText="A web address, or a path on this site such as /parts/chain.svg"
                      />
                    </Grid>
                    <Grid size={{ xs: 6, sm: 4 }}>
                      <FormTextField
                        name="order"
                        label="Min Order"
                        required
                        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                      />
                    </Grid>
                    <Grid size={{ xs: 6, sm: 4 }}>
                      <FormTextField
                        name="quantity"
                        label="Quantity"
                        required
                        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                      />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 4 }}>
                      <FormTextField
                        name="price"
                        label="Price Per Unit"
                        required
                        placeholder={priceExample}
                        slotProps={{
                          htmlInput: { inputMode: 'decimal' },
                          input: {
                            startAdornment: (
                              <InputAdornment position="start">{currencySign}</InputAdornment>
                            ),
                          },
                        }}
                      />
                    </Grid>
                  </Grid>
                </Grid>
                <Grid
                  size={{ xs: 12, md: 4 }}
                  // On phones the preview only takes room once there is an image to show.
                  sx={{
                    display: { xs: showsImage(formik.values.img) ? 'block' : 'none', md: 'block' },
                  }}
                >
                  <Box
                    sx={{
                      height: '100%',
                      minHeight: { xs: 140, md: 0 },
                      borderRadius: 2,
                      border: '1px dashed',
                      borderColor: 'divider',
                      bgcolor: '#eef2f4',
                      display: 'grid',
                      placeItems: 'center',
                      overflow: 'hidden',
                    }}
                  >
                    {showsImage(formik.values.img) ? (
                      <Box
                        component="img"
                        src={formik.values.img.trim()}
                        alt="Preview of the product image"
                        sx={{ width: '100%', height: '100%', maxHeight: 260, objectFit: 'contain' }}
                      />
                    ) : (
                      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
                        The image preview appears here
                      </Typography>
                    )}
                  </Box>
                </Grid>
                <Grid size={12}>
                  <FormTextField
                    name="description"
                    label="Description"
                    required
                    multiline
                    minRows={4}
                  />
                </Grid>
                <Grid size={12}>
                  <Button
                    type="submit"
                    variant="contained"
                    color="secondary"
                    size="large"
                    startIcon={<AddCircleOutlineIcon />}
                    disabled={!formik.isValid || !formik.dirty}
                    loading={formik.isSubmitting}
                  >
                    Add Product
                  </Button>
                </Grid>
              </Grid>
            </Form>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}
