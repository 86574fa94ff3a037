import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import {
  categoryOf,
  categorySpecs,
  partCategorySchema,
  picturesFormTest,
  productFormSchemaFor,
  specsFormTest,
  variantsFormTest,
  type Category,
} from '@sprocket/contract';
import type { PictureFormValues, SpecFormValues, VariantFormValues } from '@sprocket/contract';
import type * as yup from 'yup';
import { FormGridField, type GridCellSize } from '../../../components/form/form-text-field.js';
import { env } from '../../../config/env.js';
import { useAdminCategories } from '../../../lib/categories-query.js';
import { currencySign, parsePrice, priceExample } from '../../../lib/money.js';

/**
 * Add Product's rules (docs/product.md §5.3), the price in the shop currency's decimals, with the
 * category picked from the list: required here, as a new part must be filed somewhere. Built here,
 * not in lib/money.ts, so that the pages that show prices do not load yup.
 */
export const addProductFields = productFormSchemaFor(env.shopCurrency).shape({
  category: partCategorySchema().required('Pick one of the categories'),
});
/**
 * With its options, variants and pictures checked by the API's rules (docs/product.md §4.10),
 * the specs and sizes' specs against the category's among the shop's `categories` (decision 108).
 */
export const addProductSchemaFor = (categories: readonly Category[]) =>
  addProductFields
    .test(variantsFormTest(env.shopCurrency, 'required', categories))
    .test(specsFormTest(categories))
    .test(picturesFormTest);
export type AddProductValues = Record<keyof yup.InferType<typeof addProductFields>, string> &
  VariantFormValues &
  SpecFormValues &
  PictureFormValues;

/**
 * Edit: the same rules without the stock, which Add Stock changes (PATCH /parts takes no stock,
 * but a new variant's).
 */
export const editProductFields = addProductFields.omit(['quantity']);
export const editProductSchemaFor = (categories: readonly Category[]) =>
  editProductFields
    .test(variantsFormTest(env.shopCurrency, 'optional', categories))
    .test(specsFormTest(categories))
    .test(picturesFormTest);
export type EditProductValues = Record<
  keyof yup.InferType<ReturnType<typeof addProductFields.omit<'quantity'>>>,
  string
> &
  VariantFormValues &
  SpecFormValues &
  PictureFormValues;

/** The price as typed in the shop currency, in cents; the schema has checked it already. */
export function priceInCents(text: string): number {
  const cents = parsePrice(text.trim());
  if (cents === null) throw new Error(`Not an amount: ${text}`);
  return cents;
}

/** Where a field sits in the form's Grid, which differs between Add Product and Edit. */
interface CellProps {
  cell: GridCellSize;
}

/** The form fields Add Product and Edit share, with the same labels and inputs. */
export function ProductNameField({ cell }: CellProps) {
  return <FormGridField cell={cell} name="productName" label="Product Name" required />;
}

/** The part's own low-stock threshold (docs/decisions/070); empty: the shop's, or as it is. */
export function LowStockField({ cell, hint }: CellProps & { hint: string }) {
  return (
    <FormGridField
      cell={cell}
      name="lowStock"
      label="Low-stock threshold"
      inputMode="numeric"
      helperText={hint}
    />
  );
}

export function MinOrderField({ cell }: CellProps) {
  return <FormGridField cell={cell} name="order" label="Min Order" required inputMode="numeric" />;
}

export function PriceField({ cell }: CellProps) {
  return (
    <FormGridField
      cell={cell}
      name="price"
      label="Price Per Unit"
      required
      placeholder={priceExample}
      inputMode="decimal"
      slotProps={{
        input: {
          startAdornment: <InputAdornment position="start">{currencySign}</InputAdornment>,
        },
      }}
    />
  );
}

/** The shop's categories to file the part under, hidden ones too (the admin's, decision 108). */
export function CategoryField({ cell }: CellProps) {
  const categories = useAdminCategories();
  return (
    <FormGridField cell={cell} name="category" label="Category" required select>
      {categories.map((category) => (
        <MenuItem key={category.id} value={category.id}>
          {category.hidden ? `${category.name} (hidden)` : category.name}
        </MenuItem>
      ))}
    </FormGridField>
  );
}

export function DescriptionField({ cell }: CellProps) {
  return (
    <FormGridField
      cell={cell}
      name="description"
      label="Description"
      required
      multiline
      minRows={4}
    />
  );
}

/**
 * The fields of the chosen category's specs (docs/decisions/067): a list for a spec with listed
 * values, a whole number for the others; each may be left "Not given". Another category shows
 * its own fields.
 */
export function SpecFields({ category }: { category: string }) {
  const specs = categorySpecs(categoryOf(useAdminCategories(), category));
  if (specs.length === 0) return null;
  return (
    <Grid container spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Grid size={12} component="legend" sx={{ p: 0 }}>
        <Typography variant="subtitle1" component="span">
          Specifications
        </Typography>
      </Grid>
      {specs.map((spec) =>
        spec.kind === 'choice' ? (
          <FormGridField
            key={spec.key}
            cell={{ xs: 12, sm: 6, md: 4 }}
            name={`specs.${spec.key}`}
            label={spec.label}
            select
          >
            <MenuItem value="">Not given</MenuItem>
            {spec.choices.map((choice) => (
              <MenuItem key={choice.value} value={choice.value}>
                {choice.label}
              </MenuItem>
            ))}
          </FormGridField>
        ) : (
          <FormGridField
            key={spec.key}
            cell={{ xs: 12, sm: 6, md: 4 }}
            name={`specs.${spec.key}`}
            label={spec.label}
            inputMode="numeric"
            placeholder={`${spec.min}–${spec.max}`}
            slotProps={
              spec.unit
                ? {
                    input: {
                      endAdornment: <InputAdornment position="end">{spec.unit}</InputAdornment>,
                    },
                  }
                : undefined
            }
          />
        ),
      )}
    </Grid>
  );
}

/** The merchandising fields as the forms type them, empty for a new part (decision 102). */
export const EMPTY_MERCHANDISING = { brand: '', gtin: '', mpn: '', weight: '', compareAtPrice: '' };

/** A price field in the shop currency (the compare-at price beside Price Per Unit). */
function AmountField({
  cell,
  name,
  label,
  helperText,
}: CellProps & { name: string; label: string; helperText?: string }) {
  return (
    <FormGridField
      cell={cell}
      name={name}
      label={label}
      placeholder={priceExample}
      inputMode="decimal"
      helperText={helperText}
      slotProps={{
        input: {
          startAdornment: <InputAdornment position="start">{currencySign}</InputAdornment>,
        },
      }}
    />
  );
}

/**
 * Brand, GTIN, MPN and weight, which Google Shopping asks for, and a compare-at price that puts
 * the part on sale (docs/decisions/102). A part sold in sizes gives all but the brand per size.
 */
export function MerchandisingFields({ sizes }: { sizes: boolean }) {
  return (
    <Grid container spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Grid size={12} component="legend" sx={{ p: 0 }}>
        <Typography variant="subtitle1" component="span">
          Brand and identifiers
        </Typography>
      </Grid>
      <FormGridField cell={{ xs: 12, sm: 6 }} name="brand" label="Brand" />
      {!sizes && (
        <>
          <FormGridField
            cell={{ xs: 12, sm: 6 }}
            name="gtin"
            label="GTIN (barcode number)"
            inputMode="numeric"
          />
          <FormGridField cell={{ xs: 12, sm: 6 }} name="mpn" label="MPN (maker's part number)" />
          <FormGridField
            cell={{ xs: 12, sm: 6 }}
            name="weight"
            label="Weight"
            inputMode="numeric"
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">g</InputAdornment> },
            }}
          />
          <AmountField
            cell={{ xs: 12, sm: 6 }}
            name="compareAtPrice"
            label="Compare-at price"
            helperText="Above the price: shown struck through"
          />
        </>
      )}
    </Grid>
  );
}

/** A size's compare-at price, GTIN, MPN and weight (the variants editor's rows). */
export function SizeMerchandisingFields({ index, of }: { index: number; of: string }) {
  const name = (field: string) => `variantRows.${index}.${field}`;
  return (
    <>
      <AmountField
        cell={{ xs: 6, sm: 3 }}
        name={name('compareAtPrice')}
        label={`Compare-at price of ${of}`}
      />
      <FormGridField
        cell={{ xs: 6, sm: 3 }}
        name={name('gtin')}
        label={`GTIN of ${of}`}
        inputMode="numeric"
      />
      <FormGridField cell={{ xs: 6, sm: 3 }} name={name('mpn')} label={`MPN of ${of}`} />
      <FormGridField
        cell={{ xs: 6, sm: 3 }}
        name={name('weight')}
        label={`Weight of ${of}`}
        inputMode="numeric"
        slotProps={{ input: { endAdornment: <InputAdornment position="end">g</InputAdornment> } }}
      />
    </>
  );
}
