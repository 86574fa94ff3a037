import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import {
  PART_CATEGORIES,
  partCategoryLabels,
  partCategorySchema,
  productFormSchemaFor,
  type PartCategory,
} from '@sprocket/contract';
import type * as yup from 'yup';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { env } from '../../../config/env.js';
import { currencySign, parsePrice, priceExample } from '../../../lib/money.js';

/**
 * Add Product's rules (docs/product.md §5.3), the price in the shop currency's decimals, with the
 * category picked from the list: required here, as a new part must be filed somewhere. Built here,
 * not in lib/money.ts, so that the pages that show prices do not load yup.
 */
export const addProductSchema = productFormSchemaFor(env.shopCurrency).shape({
  category: partCategorySchema().required('Pick one of the categories'),
});
export type AddProductValues = Record<keyof yup.InferType<typeof addProductSchema>, string>;

/** Edit: the same rules without the stock, which Add Stock changes (PATCH /parts takes no stock). */
export const editProductSchema = addProductSchema.omit(['quantity']);
export type EditProductValues = Record<keyof yup.InferType<typeof editProductSchema>, string>;

/** The price as typed in the shop currency, in cents; the schema has checked it already. */
export function priceInCents(text: string): number {
  const cents = parsePrice(text.trim());
  if (cents === null) throw new Error(`Not an amount: ${text}`);
  return cents;
}

/** The form fields Add Product and Edit share, with the same labels and inputs. */
export function ProductNameField() {
  return <FormTextField name="productName" label="Product Name" required />;
}

export function MinOrderField() {
  return (
    <FormTextField
      name="order"
      label="Min Order"
      required
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

export function PriceField() {
  return (
    <FormTextField
      name="price"
      label="Price Per Unit"
      required
      placeholder={priceExample}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: {
          startAdornment: <InputAdornment position="start">{currencySign}</InputAdornment>,
        },
      }}
    />
  );
}

export function CategoryField() {
  return (
    <FormTextField name="category" label="Category" required select>
      {PART_CATEGORIES.map((category: PartCategory) => (
        <MenuItem key={category} value={category}>
          {partCategoryLabels[category]}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

export function DescriptionField() {
  return <FormTextField name="description" label="Description" required multiline minRows={4} />;
}
