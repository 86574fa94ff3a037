import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  categoryOf,
  categorySpecs as specsOf,
  OPTIONS_MAX,
  optionValuesOf,
  suggestSku,
  type OptionFormRow,
  type SpecDefinition,
  type VariantFormRow,
  type VariantFormValues,
} from '@sprocket/contract';
import { getIn, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { FormGridField } from '../../../components/form/form-text-field.js';
import { AddIcon } from '../../../components/icons/add.js';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { useAdminCategories } from '../../../lib/categories-query.js';
import { currencySign, priceExample } from '../../../lib/money.js';
import { SizeMerchandisingFields } from './product-form-fields.js';

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
 * was there before (its sku, price and stock). None while no option has a name and values. A new
 * combination's sku is suggested from the part's name and its values (contract suggestSku).
 */
export function variantRowsFor(
  options: readonly OptionFormRow[],
  rows: readonly VariantFormRow[],
  partName = '',
): VariantFormRow[] {
  const named = options.filter((option) => option.name?.trim() && option.values?.trim());
  if (named.length === 0) return [];
  const before = new Map(rows.map((row) => [keyOf(row.options), row]));
  const taken = new Set(rows.map((row) => row.sku).filter(Boolean));
  return combinations(named).map((chosen) => {
    const kept = before.get(keyOf(chosen));
    if (kept) return kept;
    const sku = suggestSku(partName, Object.values(chosen), taken);
    taken.add(sku);
    return { options: chosen, sku, price: '', quantity: '' };
  });
}

/** The keys of the specs some row gives a value of its own. */
const keysGiven = (rows: readonly VariantFormRow[]) =>
  new Set(
    rows.flatMap((row) =>
      Object.entries(row.specs ?? {})
        .filter(([, value]) => value !== '')
        .map(([key]) => key),
    ),
  );

/** Whether some row has a compare-at price, GTIN, MPN or weight of its own (decision 102). */
const hasSizeMerchandising = (rows: readonly VariantFormRow[]) =>
  rows.some((row) => [row.compareAtPrice, row.gtin, row.mpn, row.weight].some(Boolean));

/** A size's field of one spec: the spec's choices, or its whole number; empty: the part's. */
function SizeSpecField({ spec, name, of }: { spec: SpecDefinition; name: string; of: string }) {
  const label = `${spec.label} of ${of}`;
  return spec.kind === 'choice' ? (
    <FormGridField cell={{ xs: 6, sm: 4 }} name={name} label={label} select>
      <MenuItem value="">As the part</MenuItem>
      {spec.choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </FormGridField>
  ) : (
    <FormGridField
      cell={{ xs: 6, sm: 4 }}
      name={name}
      label={label}
      inputMode="numeric"
      placeholder={`${spec.min}–${spec.max}${spec.unit ? ` ${spec.unit}` : ''}`}
    />
  );
}

/**
 * The product forms' options and variants (docs/product.md §4.10): options by name with their
 * values separated by commas ("Size": "700x28c, 700x32c"), and one row per combination with its
 * sku, price and stock. `stockOf` says which rows take a stock (Edit: only new variants; a kept
 * one's stock changes through Add Stock). Checked by the API's own rules (variantsFormTest).
 * The specs of the part's category that differ by size (a tyre's wheel size and width) are ticked
 * once and then typed in each row (docs/decisions/088); a row left empty has the part's.
 */
export function VariantsEditor({
  stockOf = () => true,
}: {
  stockOf?: (row: VariantFormRow) => boolean;
}) {
  const formik = useFormikContext<VariantFormValues>();
  const { options, variantRows, category } = formik.values;
  const { setFieldValue } = formik;
  const categorySpecs = specsOf(categoryOf(useAdminCategories(), category));
  // The specs ticked as differing by size: those the rows have values of, and those ticked since.
  const [bySize, setBySize] = useState<ReadonlySet<string>>(() => keysGiven(variantRows));
  const sizeSpecs = categorySpecs.filter((spec) => bySize.has(spec.key));
  // Sale prices, barcodes and weights per size: shown once ticked, or when a size has some.
  const [merchandising, setMerchandising] = useState(() => hasSizeMerchandising(variantRows));
  const tickSizeSpec = (key: string, on: boolean) => {
    const next = new Set(bySize);
    if (on) next.add(key);
    else {
      next.delete(key);
      // Unticked: every size has the part's value again.
      void setFieldValue(
        'variantRows',
        variantRows.map((row) => ({
          ...row,
          specs: Object.fromEntries(Object.entries(row.specs ?? {}).filter(([k]) => k !== key)),
        })),
      );
    }
    setBySize(next);
  };
  const optionsKey = JSON.stringify(options);

  // Every row seen, by its values: a combination that goes while an option is retyped comes back
  // with what was typed in it.
  const seen = useRef(new Map<string, VariantFormRow>());
  for (const row of variantRows) seen.current.set(keyOf(row.options), row);

  useEffect(() => {
    const partName: unknown = getIn(formik.values, 'productName');
    const next = variantRowsFor(
      options,
      [...seen.current.values()],
      typeof partName === 'string' ? partName : '',
    );
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
        <Typography color="textSecondary" variant="body2">
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
      {variantRows.length > 0 && categorySpecs.length > 0 && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
            Specifications that differ by size
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            {categorySpecs.map((spec) => (
              <FormControlLabel
                key={spec.key}
                control={
                  <Checkbox
                    checked={bySize.has(spec.key)}
                    onChange={(event) => tickSizeSpec(spec.key, event.target.checked)}
                  />
                }
                label={spec.label}
              />
            ))}
          </Box>
        </Box>
      )}
      {variantRows.length > 0 && (
        <FormControlLabel
          control={
            <Checkbox
              checked={merchandising}
              onChange={(event) => setMerchandising(event.target.checked)}
            />
          }
          label="Sale prices, barcodes (GTIN), part numbers (MPN) and weights per size"
        />
      )}
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
                  {merchandising && <SizeMerchandisingFields index={index} of={label} />}
                  {sizeSpecs.map((spec) => (
                    <SizeSpecField
                      key={spec.key}
                      spec={spec}
                      name={`variantRows.${index}.specs.${spec.key}`}
                      of={label}
                    />
                  ))}
                </Grid>
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
