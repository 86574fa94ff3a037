import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  sendConverted,
  taxRateFormSchema,
  taxRateFromForm,
  type TaxRate,
  type TaxRateFormValues,
  type TaxSettings,
} from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import type { DataColumn } from '../../../components/data/data-table.js';
import { ListAddBar, ListTable, removeColumn } from '../../../components/data/list-table.js';
import { CountryField, countryNames } from '../../../components/form/country-field.js';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { browserCountry } from '../../../lib/browser-country.js';
import { useSetTaxSettings } from '../api/set-tax.js';

function AddRateDialog({ settings, onClose }: { settings: TaxSettings; onClose: () => void }) {
  const save = useSetTaxSettings();
  const initial: TaxRateFormValues = { country: browserCountry(), region: '', rate: '' };
  return (
    <FormDialog<TaxRateFormValues>
      title="Add a tax rate"
      formLabel="Add a tax rate"
      submitLabel="Add rate"
      schema={taxRateFormSchema}
      initialValues={initial}
      savedMessage="Tax rate added"
      save={async (values) =>
        sendConverted(taxRateFromForm(values), (rate) =>
          save.mutateAsync({ ...settings, rates: [...settings.rates, rate] }),
        )
      }
      onClose={onClose}
    >
      <CountryField />
      <FormTextField
        name="region"
        label="State or region"
        helperText="Optional: a region's rate wins over its country's (CA for California)"
      />
      <FormTextField name="rate" label="Rate (%)" placeholder="7.25" inputMode="decimal" required />
    </FormDialog>
  );
}

type Row = TaxRate & { _id: string; source: TaxRate };

/**
 * Tax (docs/product.md §2.27): whether the prices include tax, and one rate per country or
 * region, with Add rate and Remove, each saved at once.
 */
export function TaxTable({ settings }: { settings: TaxSettings }) {
  const save = useSetTaxSettings();
  const { enqueueSnackbar } = useSnackbar();
  const [adding, setAdding] = useState(false);
  const names = useMemo(countryNames, []);
  const saved = (message: string) => ({
    onSuccess: () => enqueueSnackbar(message, { variant: 'success' }),
  });
  const columns: DataColumn<Row>[] = [
    {
      id: 'country',
      header: 'Country',
      cell: (row) => (
        <Typography sx={{ fontWeight: 700 }}>{names.of(row.country) ?? row.country}</Typography>
      ),
      phone: 'title',
    },
    { id: 'region', header: 'Region', cell: (row) => row.region ?? 'All of it' },
    { id: 'rate', header: 'Rate', cell: (row) => `${row.rate} %` },
    removeColumn<Row>({
      label: 'Remove',
      name: (row) => `Remove the rate of ${row._id}`,
      disabled: save.isPending,
      onRemove: (row) =>
        save.mutate(
          { ...settings, rates: settings.rates.filter((rate) => rate !== row.source) },
          saved('Tax rate removed'),
        ),
    }),
  ];
  return (
    <Stack spacing={2}>
      <ListAddBar label="Add rate" onAdd={() => setAdding(true)}>
        <FormControlLabel
          control={
            <Checkbox
              sx={{ p: '10px' }}
              checked={settings.pricesIncludeTax}
              disabled={save.isPending}
              onChange={(event) =>
                save.mutate(
                  { ...settings, pricesIncludeTax: event.target.checked },
                  saved(
                    event.target.checked
                      ? 'Saved: prices include tax'
                      : 'Saved: tax is added to prices',
                  ),
                )
              }
            />
          }
          label="Prices include tax"
        />
      </ListAddBar>
      <ListTable
        label="Tax rates"
        empty="No tax rates: orders carry no tax."
        rows={settings.rates.map((rate) => ({
          ...rate,
          source: rate,
          _id: rate.region ? `${rate.country}-${rate.region}` : rate.country,
        }))}
        columns={columns}
      />
      {adding && <AddRateDialog settings={settings} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
