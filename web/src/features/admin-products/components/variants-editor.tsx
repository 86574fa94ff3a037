import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  OPTIONS_MAX,
  optionValuesOf,
  type OptionFormRow,
  type VariantFormRow,
  type VariantFormValues,
} from '@sprocket/contract';
import { getIn, useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { FormGridField } from '../../../components/form/form-text-field.js';
import { AddIcon } from '../../../components/icons/add.js';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { currencySign, priceExample } from '../../../lib/money.js';

/** Every combination of the options' values, in the options' order. */
function combinations(options: readonly OptionFormRow[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (sofar, option) => {
      const name = (option.name ?? '').trim();
      const values = optionValuesOf(option.values ?? '');
      if (!name || values.length === 0) return sofar;
      return sofar.flatMap((chosen) => values.map((value) => ({ ...chosen, [name]: value })));
    },
    [{}],
  );
}

const keyOf = (options: Record<string, string>) => JSON.stringify(Object.entries(options).sort());

/**
 * The rows for these options: one per combination, keeping what was typed for a combination that
 * was there before (its sku, price and stock). None while no option has a name and values.
 */
export function variantRowsFor(
  options: readonly OptionFormRow[],
  rows: readonly VariantFormRow[],
): VariantFormRow[] {
  const named = options.filter((option) => option.name?.trim() && option.values?.trim());
  if (named.length === 0) return [];
  const before = new Map(rows.map((row) => [keyOf(row.options), row]));
  return combinations(named).map(
    (chosen) => before.get(keyOf(chosen)) ?? { options: chosen, sku: '', price: '', quantity: '' },
  );
}

/**
 * The product forms' options and variants (docs/product.md §4.10): options by name with their
 * values separated by commas ("Size": "700x28c, 700x32c"), and one row per combination with its
 * sku, price and stock. `stockOf` says which rows take a stock (Edit: only new variants; a kept
 * one's stock changes through Add Stock). Checked by the API's own rules (variantsFormTest).
 */
export function VariantsEditor({
  stockOf = () => true,
}: {
  stockOf?: (row: VariantFormRow) => boolean;
}) {
  const formik = useFormikContext<VariantFormValues>();
  const { options, variantRows } = formik.values;
  const { setFieldValue } = formik;
  const optionsKey = JSON.stringify(options);

  // Every row seen, by its values: a combination that goes while an option is retyped comes back
  // with what was typed in it.
  const seen = useRef(new Map<string, VariantFormRow>());
  for (const row of variantRows) seen.current.set(keyOf(row.options), row);

  useEffect(() => {
    const next = variantRowsFor(options, [...seen.current.values()]);
    if (JSON.stringify(next) !== JSON.stringify(variantRows)) {
      void setFieldValue('variantRows', next);
    }
    // Rows follow the options; what is typed in a row is kept by variantRowsFor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [optionsKey]);

  const general: unknown = getIn(formik.errors, 'variantRows');
  return (
    <Stack spacing={2} component="section" aria-label="Options and variants">
      <Box>
        <Typography variant="h6" component="h2">
          Options and variants
        </Typography>
        <Typography color="text.secondary" variant="body2">
          Sold in sizes or standards? Name each option and its values; every combination becomes a
          variant with its own sku, price and stock. Leave empty for a part sold as one.
        </Typography>
      </Box>
      {options.map((_option, index) => (
        <Grid container spacing={2} key={index} sx={{ alignItems: 'flex-start' }}>
          <FormGridField
            cell={{ xs: 12, sm: 4 }}
            name={`options.${index}.name`}
            label="Option name"
            placeholder="Size"
            required
          />
          <FormGridField
            cell={{ xs: 10, sm: 7 }}
            name={`options.${index}.values`}
            label="Values, separated by commas"
            placeholder="700x28c, 700x32c"
            required
          />
          <Grid size={{ xs: 2, sm: 1 }}>
            <IconButton
              aria-label={`Remove option ${index + 1}`}
              onClick={() =>
                void setFieldValue(
                  'options',
                  options.filter((_, at) => at !== index),
                )
              }
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Grid>
        </Grid>
      ))}
      {options.length < OPTIONS_MAX && (
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => void setFieldValue('options', [...options, { name: '', values: '' }])}
        >
          Add option
        </Button>
      )}
      {typeof general === 'string' && <Alert severity="error">{general}</Alert>}
      {variantRows.length > 0 && (
        <Stack
          component="ul"
          aria-label="Variants"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          spacing={2}
        >
          {variantRows.map((row, index) => {
            const label = Object.values(row.options).join(' / ');
            return (
              <Box component="li" key={keyOf(row.options)} aria-label={`Variant ${label}`}>
                <Typography sx={{ fontWeight: 600, mb: 1 }}>{label}</Typography>
                <Grid container spacing={2}>
                  <FormGridField
                    cell={{ xs: 12, sm: 4 }}
                    name={`variantRows.${index}.sku`}
                    label={`SKU of ${label}`}
                    required
                  />
                  <FormGridField
                    cell={{ xs: 6, sm: 4 }}
                    name={`variantRows.${index}.price`}
                    label={`Price of ${label}`}
                    required
                    placeholder={priceExample}
                    inputMode="decimal"
                    slotProps={{
                      input: {
                        startAdornment: (
                          <InputAdornment position="start">{currencySign}</InputAdornment>
                        ),
                      },
                    }}
                  />
                  {stockOf(row) && (
                    <FormGridField
                      cell={{ xs: 6, sm: 4 }}
                      name={`variantRows.${index}.quantity`}
                      label={`Stock of ${label}`}
                      required
                      inputMode="numeric"
                    />
                  )}
                </Grid>
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
