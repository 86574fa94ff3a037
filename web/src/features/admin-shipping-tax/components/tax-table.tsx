import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  COUNTRY_CODES,
  taxRateFormSchema,
  taxRateFromForm,
  type TaxRate,
  type TaxRateFormValues,
  type TaxSettings,
} from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import type { DataColumn } from '../../../components/data/data-table.js';
import { ListTable } from '../../../components/data/list-table.js';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { AddCircleOutlinedIcon } from '../../../components/icons/add-circle-outlined.js';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { browserCountry } from '../../../lib/browser-country.js';
import { useSetTaxSettings } from '../api/set-tax.js';

const countryNames = () => new Intl.DisplayNames(['en'], { type: 'region' });

function AddRateDialog({ settings, onClose }: { settings: TaxSettings; onClose: () => void }) {
  const save = useSetTaxSettings();
  const options = useMemo(() => {
    const names = countryNames();
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  }, []);
  const initial: TaxRateFormValues = { country: browserCountry(), region: '', rate: '' };
  return (
    <FormDialog<TaxRateFormValues>
      title="Add a tax rate"
      formLabel="Add a tax rate"
      submitLabel="Add rate"
      schema={taxRateFormSchema}
      initialValues={initial}
      savedMessage="Tax rate added"
      save={async (values) => {
        const converted = taxRateFromForm(values);
        if (converted.errors) return false;
        return save.mutateAsync({ ...settings, rates: [...settings.rates, converted.input] });
      }}
      onClose={onClose}
    >
      <FormTextField
        name="country"
        label="Country"
        select
        required
        slotProps={{ select: { native: true } }}
      >
        {options.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </FormTextField>
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
    {
      id: 'action',
      header: 'Action',
      cell: (row) => (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { ...settings, rates: settings.rates.filter((rate) => rate !== row.source) },
              saved('Tax rate removed'),
            )
          }
          aria-label={`Remove the rate of ${row._id}`}
        >
          Remove
        </Button>
      ),
      phone: 'plain',
    },
  ];
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
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
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddCircleOutlinedIcon />}
          onClick={() => setAdding(true)}
        >
          Add rate
        </Button>
      </Stack>
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
