import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import {
  merchandisingFromForm,
  parseAmountToCents,
  picturesFromForm,
  specsFromForm,
  variantsFromForm,
  type Category,
  type PartInput,
} from '@sprocket/contract';
import { Form, useFormikContext } from 'formik';
import { useEffect, useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { AddCircleOutlinedIcon } from '../../../components/icons/add-circle-outlined.js';
import { FormGridField } from '../../../components/form/form-text-field.js';
import { env } from '../../../config/env.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAdminCategories } from '../../../lib/categories-query.js';
import { priceText } from '../../../lib/money.js';
import { VariantsEditor } from './variants-editor.js';
import { useAddPart } from '../api/add-part.js';
import { ImageField, ImagePreview, showsImage } from './image-field.js';
import { MainPictureAltField, MorePicturesEditor } from './more-pictures-editor.js';
import {
  addProductFields,
  addProductSchemaFor,
  CategoryField,
  DescriptionField,
  EMPTY_MERCHANDISING,
  LowStockField,
  MerchandisingFields,
  MinOrderField,
  PriceField,
  priceInCents,
  ProductNameField,
  SpecFields,
  type AddProductValues,
} from './product-form-fields.js';
import { SchemaFormik } from '../../../components/form/schema-formik.js';
import { SubmitButton } from '../../../components/form/submit-button.js';

const EMPTY: AddProductValues = {
  productName: '',
  category: '',
  img: '',
  order: '',
  quantity: '',
  lowStock: '',
  price: '',
  description: '',
  options: [],
  variantRows: [],
  specs: {},
  imgAlt: '',
  imgRenditions: null,
  morePictures: [],
  ...EMPTY_MERCHANDISING,
};

/** The form's text as the API's part: whole numbers, and the price in the currency's minor unit. */
function toPart(values: AddProductValues, categories: readonly Category[]): PartInput {
  const {
    options: _options,
    variantRows: _rows,
    specs: _specs,
    imgAlt: _alt,
    imgRenditions: _copies,
    morePictures: _more,
    ...fields
  } = values;
  const { brand, gtin, mpn, weight, compareAtPrice, ...plain } = fields;
  const cast = addProductFields.cast(plain);
  const { specs } = specsFromForm(values.specs, cast.category, categories);
  const merchandising = merchandisingFromForm(
    { brand, gtin, mpn, weight, compareAtPrice },
    env.shopCurrency,
    'left-out',
  );
  const part: PartInput = {
    ...cast,
    ...merchandising,
    // The pictures in order, the first `img`'s (decision 096).
    images: picturesFromForm(values),
    price: priceInCents(cast.price),
    ...(Object.keys(specs).length > 0 && { specs }),
  };
  if (values.variantRows.length === 0) return part;
  const converted = variantsFromForm(values, env.shopCurrency, 'required', categories);
  // The schema has checked them already, with the same conversion.
  if (converted.errors) throw new Error(Object.values(converted.errors).join('; '));
  // A part sold in sizes: GTIN, MPN, weight and compare-at price are each size's (decision 102).
  const { gtin: _g, mpn: _m, weight: _w, compareAtPrice: _c, ...sold } = part;
  return { ...sold, ...converted.input };
}

/**
 * A part sold in variants has no price or stock of its own to type: the form keeps its lowest
 * variant price and their stock together in those fields (hidden), as the catalogue will show
 * them, so the part's own rules (the minimum order within the stock) still apply.
 */
function PriceAndStockFromVariants() {
  const { values, setFieldValue } = useFormikContext<AddProductValues>();
  const rows = values.variantRows;
  const prices = rows.flatMap((row) => {
    const cents = parseAmountToCents((row.price ?? '').trim(), env.shopCurrency);
    return cents === null ? [] : [cents];
  });
  const price = rows.length > 0 && prices.length > 0 ? priceText(Math.min(...prices)) : '';
  const stock = rows.reduce((sum, row) => sum + (Number((row.quantity ?? '').trim()) || 0), 0);
  const quantity = rows.length > 0 ? String(stock) : '';
  useEffect(() => {
    if (rows.length === 0) return;
    if (values.price !== price) void setFieldValue('price', price);
    if (values.quantity !== quantity) void setFieldValue('quantity', quantity);
  }, [rows.length, price, quantity, values.price, values.quantity, setFieldValue]);
  return null;
}

/** Add Product (docs/product.md §2.15, §5.3): every field required, validated on each change. */
export function AddProductForm() {
  const { enqueueSnackbar } = useSnackbar();
  const addPart = useAddPart();
  const categories = useAdminCategories();
  const schema = useMemo(() => addProductSchemaFor(categories), [categories]);
  return (
    <Card sx={{ maxWidth: 960 }}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <SchemaFormik<AddProductValues>
          schema={schema}
          initialValues={EMPTY}
          onSubmit={async (values, { resetForm, setErrors }) => {
            try {
              const result = await addPart.mutateAsync(toPart(values, categories));
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
                    <ProductNameField cell={{ xs: 12, sm: 8 }} />
                    <CategoryField cell={{ xs: 12, sm: 4 }} />
                    <Grid size={12}>
                      <ImageField checkLoads />
                    </Grid>
                    <Grid size={12}>
                      <MainPictureAltField />
                    </Grid>
                    <MinOrderField cell={{ xs: 6, sm: 4 }} />
                    {formik.values.variantRows.length === 0 && (
                      <>
                        <FormGridField
                          cell={{ xs: 6, sm: 4 }}
                          name="quantity"
                          label="Quantity"
                          required
                          inputMode="numeric"
                        />
                        <PriceField cell={{ xs: 12, sm: 4 }} />
                      </>
                    )}
                    <LowStockField cell={{ xs: 12, sm: 4 }} hint="Empty: the shop's threshold" />
                  </Grid>
                </Grid>
                <Grid
                  size={{ xs: 12, md: 4 }}
                  // On phones the preview only takes room once there is an image to show.
                  sx={{
                    display: { xs: showsImage(formik.values.img) ? 'block' : 'none', md: 'block' },
                  }}
                >
                  <ImagePreview src={formik.values.img} minHeight={140} />
                </Grid>
                <Grid size={12}>
                  <MorePicturesEditor />
                </Grid>
                <DescriptionField cell={12} />
                <Grid size={12}>
                  <MerchandisingFields sizes={formik.values.variantRows.length > 0} />
                </Grid>
                <Grid size={12}>
                  <SpecFields category={formik.values.category} />
                </Grid>
                <Grid size={12}>
                  <VariantsEditor />
                  <PriceAndStockFromVariants />
                </Grid>
                <Grid size={12}>
                  <SubmitButton
                    startIcon={<AddCircleOutlinedIcon />}
                    disabled={!formik.isValid || !formik.dirty}
                    loading={formik.isSubmitting}
                  >
                    Add Product
                  </SubmitButton>
                </Grid>
              </Grid>
            </Form>
          )}
        </SchemaFormik>
      </CardContent>
    </Card>
  );
}
