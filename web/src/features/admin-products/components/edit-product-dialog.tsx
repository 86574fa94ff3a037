import Grid from '@mui/material/Grid';
import {
  merchandisingFromForm,
  partEditSchema,
  picturesFromForm,
  picturesOf,
  specsFromForm,
  variantsFromForm,
  type CataloguePart,
  type Category,
  type PartEdit,
  type VariantFormRow,
} from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { env } from '../../../config/env.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAdminCategories } from '../../../lib/categories-query.js';
import { priceText } from '../../../lib/money.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useEditPart } from '../api/edit-part.js';
import { ImageField, ImagePreview } from './image-field.js';
import { MainPictureAltField, MorePicturesEditor } from './more-pictures-editor.js';
import { VariantsEditor } from './variants-editor.js';
import {
  CategoryField,
  DescriptionField,
  editProductFields,
  editProductSchemaFor,
  LowStockField,
  MerchandisingFields,
  MinOrderField,
  PriceField,
  priceInCents,
  ProductNameField,
  SpecFields,
  type EditProductValues,
} from './product-form-fields.js';

/** The part as the form shows it: text, the price in the shop currency's decimals. */
export function editValuesOf(part: CataloguePart): EditProductValues {
  const [main, ...more] = picturesOf(part);
  return {
    productName: part.productName,
    category: part.category,
    img: part.img,
    order: String(part.order),
    // The part's own threshold is not shown to the shop's visitors: typed only to change it.
    lowStock: '',
    price: priceText(part.price),
    description: part.description,
    options: (part.options ?? []).map(({ name, values }) => ({ name, values: values.join(', ') })),
    // A kept variant's stock is its own (Add Stock); only a new one's is typed here.
    variantRows: (part.variants ?? []).map((variant) => ({
      sku: variant.sku,
      options: variant.options,
      price: priceText(variant.price),
      quantity: '',
      gtin: variant.gtin ?? '',
      mpn: variant.mpn ?? '',
      weight: variant.weight === undefined ? '' : String(variant.weight),
      compareAtPrice: variant.compareAtPrice === undefined ? '' : priceText(variant.compareAtPrice),
      // A size's own specs, as the form's fields type them (docs/decisions/088).
      specs: Object.fromEntries(
        Object.entries(variant.specs ?? {}).map(([key, value]) => [key, String(value)]),
      ),
    })),
    specs: Object.fromEntries(
      Object.entries(part.specs ?? {}).map(([key, value]) => [key, String(value)]),
    ),
    imgAlt: main?.alt ?? '',
    imgRenditions: main?.renditions ? { url: main.url, renditions: main.renditions } : null,
    morePictures: more,
    brand: part.brand ?? '',
    gtin: part.gtin ?? '',
    mpn: part.mpn ?? '',
    weight: part.weight === undefined ? '' : String(part.weight),
    compareAtPrice: part.compareAtPrice === undefined ? '' : priceText(part.compareAtPrice),
  };
}

/** The pictures as PATCH /parts takes them, or undefined when they are as they were (096). */
function changedPictures(part: CataloguePart, values: EditProductValues) {
  const pictures = picturesFromForm(values);
  const before = picturesFromForm(editValuesOf(part));
  return JSON.stringify(pictures) === JSON.stringify(before) ? undefined : pictures;
}

/** The specs as PATCH /parts takes them, or undefined when they are what the part has. */
function changedSpecs(
  part: CataloguePart,
  values: EditProductValues,
  categories: readonly Category[],
) {
  const { specs } = specsFromForm(values.specs, values.category, categories);
  const had = part.specs ?? {};
  const same =
    Object.keys(specs).length === Object.keys(had).length &&
    Object.entries(specs).every(([key, value]) => had[key] === value);
  return same ? undefined : specs;
}

/** The variants as PATCH /parts takes them, or undefined when the form's are as they were. */
function changedVariants(
  part: CataloguePart,
  values: EditProductValues,
  categories: readonly Category[],
) {
  const before = editValuesOf(part);
  const same =
    JSON.stringify([values.options, values.variantRows]) ===
    JSON.stringify([before.options, before.variantRows]);
  if (same) return undefined;
  const converted = variantsFromForm(values, env.shopCurrency, 'optional', categories);
  // The schema has checked them already, with the same conversion.
  if (converted.errors) throw new Error(Object.values(converted.errors).join('; '));
  // An emptied field clears what the size had (null); one it never had is not sent (decision 102).
  const variants = converted.input.variants.map((variant) => {
    const had = part.variants.find((each) => each.sku === variant.sku);
    return Object.fromEntries(
      Object.entries(variant).filter(
        ([field, value]) => value !== null || had?.[field as keyof typeof had] !== undefined,
      ),
    ) as typeof variant;
  });
  return { ...converted.input, variants };
}

/** Whether a row is a variant the part does not have yet (its stock is typed here). */
const isNewVariant = (part: CataloguePart, row: VariantFormRow) =>
  !(part.variants ?? []).some((variant) => variant.sku === row.sku.trim());

/**
 * What PATCH /parts/{id} needs: only the fields whose value changed (a price retyped as "12.5" for
 * 12.50 is no change), checked once more with partEditSchema, the API's own rules.
 */
export function changedFields(
  part: CataloguePart,
  values: EditProductValues,
  categories: readonly Category[],
): PartEdit {
  const {
    options: _options,
    variantRows: _rows,
    specs: _specs,
    imgAlt: _alt,
    imgRenditions: _copies,
    morePictures: _more,
    brand,
    gtin,
    mpn,
    weight,
    compareAtPrice,
    ...fields
  } = values;
  const form = editProductFields.cast(fields);
  // Emptied: cleared (null), as PATCH /parts takes it (decision 102).
  const merchandising = merchandisingFromForm(
    { brand, gtin, mpn, weight, compareAtPrice },
    env.shopCurrency,
    'cleared',
  );
  const edited: PartEdit = {
    productName: form.productName,
    category: form.category,
    img: form.img,
    order: form.order,
    lowStock: form.lowStock,
    price: priceInCents(form.price),
    description: form.description,
    ...merchandising,
  };
  const {
    options: _o,
    variantRows: _r,
    specs: _s,
    imgAlt: _a,
    imgRenditions: _c,
    morePictures: _m,
    brand: _b,
    gtin: _g,
    mpn: _p,
    weight: _w,
    compareAtPrice: _ca,
    ...beforeFields
  } = editValuesOf(part);
  const before = editProductFields.cast(beforeFields);
  const original: PartEdit = {
    ...before,
    price: part.price,
    brand: part.brand ?? null,
    gtin: part.gtin ?? null,
    mpn: part.mpn ?? null,
    weight: part.weight ?? null,
    compareAtPrice: part.compareAtPrice ?? null,
  };
  const changes = Object.fromEntries(
    Object.entries(edited).filter(([field, value]) => original[field as keyof PartEdit] !== value),
  ) as PartEdit;
  const variants = changedVariants(part, values, categories);
  // A part sold in variants takes its price from them, and its identifiers are each size's.
  if (values.variantRows.length > 0)
    for (const field of ['price', 'gtin', 'mpn', 'weight', 'compareAtPrice'] as const)
      delete changes[field];
  const specs = changedSpecs(part, values, categories);
  // Pictures changed go as the list, whose first is the img (decision 096).
  const images = changedPictures(part, values);
  if (images) delete changes.img;
  return { ...changes, ...variants, ...(specs && { specs }), ...(images && { images }) };
}

/**
 * Edit a product (docs/product.md §2.17): name, category, image, minimum order, price,
 * description and the category's specifications with Add Product's rules; only the changed fields are sent. The server's refusal of
 * a field (a minimum order above the stock) shows on that field.
 */
export function EditProductDialog({ part, onClose }: { part: CataloguePart; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const edit = useEditPart();
  const categories = useAdminCategories();
  const schema = useMemo(() => editProductSchemaFor(categories), [categories]);
  return (
    <FormDialog<EditProductValues>
      title={`Edit ${part.productName}`}
      formLabel={`Edit ${part.productName}`}
      submitLabel="Save"
      save={async (values) => {
        const changes = changedFields(part, values, categories);
        if (Object.keys(changes).length === 0) {
          onClose(); // nothing to send, nothing to say
          return false;
        }
        partEditSchema.validateSync(changes);
        return (await edit.mutateAsync({ partId: part._id, edit: changes })).acknowledged;
      }}
      savedMessage={(values) => `Updated ${values.productName.trim()} Product`}
      onRefused={(error, { setErrors }) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        else enqueueSnackbar(errorMessage(error), { variant: 'error' });
      }}
      schema={schema}
      initialValues={editValuesOf(part)}
      onClose={onClose}
    >
      {(formik) => (
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <ProductNameField cell={12} />
          <CategoryField cell={{ xs: 12, sm: 6 }} />
          <MinOrderField cell={{ xs: 6, sm: 3 }} />
          {formik.values.variantRows.length === 0 && <PriceField cell={{ xs: 6, sm: 3 }} />}
          <Grid size={{ xs: 12, sm: 8 }}>
            <ImageField />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <ImagePreview src={formik.values.img} minHeight={120} />
          </Grid>
          <Grid size={12}>
            <MainPictureAltField />
          </Grid>
          <Grid size={12}>
            <MorePicturesEditor />
          </Grid>
          <DescriptionField cell={12} />
          <Grid size={12}>
            <MerchandisingFields sizes={formik.values.variantRows.length > 0} />
          </Grid>
          <LowStockField cell={{ xs: 12, sm: 6 }} hint="Empty: the threshold stays as it is" />
          <Grid size={12}>
            <SpecFields category={formik.values.category} />
          </Grid>
          <Grid size={12}>
            <VariantsEditor stockOf={(row: VariantFormRow) => isNewVariant(part, row)} />
          </Grid>
        </Grid>
      )}
    </FormDialog>
  );
}
