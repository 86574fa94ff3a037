import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  sendConverted,
  shippingMethodFormSchemaFor,
  shippingMethodFromForm,
  type ShippingMethod,
  type ShippingMethodFormValues,
} from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import type { DataColumn } from '../../../components/data/data-table.js';
import { ListAddBar, ListTable, removeColumn } from '../../../components/data/list-table.js';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { env } from '../../../config/env.js';
import { currencySign, formatPrice, priceExample } from '../../../lib/money.js';
import { useSetShippingMethods } from '../api/set-shipping-methods.js';

const EMPTY: ShippingMethodFormValues = {
  id: '',
  name: '',
  price: '',
  freeOver: '',
  countries: '',
  pickup: { country: '', region: '' },
};

function AddMethodDialog({ methods, onClose }: { methods: ShippingMethod[]; onClose: () => void }) {
  const save = useSetShippingMethods();
  const schema = useMemo(() => shippingMethodFormSchemaFor(env.shopCurrency), []);
  return (
    <FormDialog<ShippingMethodFormValues>
      title="Add a shipping method"
      formLabel="Add a shipping method"
      submitLabel="Add method"
      schema={schema}
      initialValues={EMPTY}
      savedMessage={(values) => `Added ${values.name.trim()}`}
      save={async (values) =>
        sendConverted(shippingMethodFromForm(values, env.shopCurrency), (method) =>
          save.mutateAsync([...methods, method]),
        )
      }
      onClose={onClose}
    >
      <FormTextField
        name="name"
        label="Name"
        required
        helperText="What shoppers read: Standard, Express"
      />
      <FormTextField
        name="id"
        label="Id"
        required
        helperText="A short name the checkout sends back: standard, express"
      />
      <FormTextField
        name="price"
        label={`Price (${currencySign})`}
        placeholder={priceExample}
        inputMode="decimal"
        required
      />
      <FormTextField
        name="freeOver"
        label={`Free over (${currencySign})`}
        placeholder={priceExample}
        inputMode="decimal"
        helperText="Optional: free once the parts cost this much after any code"
      />
      <FormTextField
        name="countries"
        label="Countries"
        helperText="Optional: two-letter codes such as US, CA; empty for everywhere"
      />
      <FormTextField
        name="pickup.country"
        id="field-pickup-country"
        label="Pickup: the shop's country"
        helperText="Only for collecting in the shop: its two-letter code, whose tax applies; empty for a method that sends"
      />
      <FormTextField
        name="pickup.region"
        id="field-pickup-region"
        label="Pickup: the shop's region"
        helperText="Optional: its state or region, for the tax (CA)"
      />
    </FormDialog>
  );
}

type Row = ShippingMethod & { _id: string };

/** Shipping methods (docs/product.md §2.27): the list, Add method and Remove, each saved at once. */
export function ShippingMethodsTable({ methods }: { methods: ShippingMethod[] }) {
  const save = useSetShippingMethods();
  const { enqueueSnackbar } = useSnackbar();
  const [adding, setAdding] = useState(false);
  const columns: DataColumn<Row>[] = [
    {
      id: 'name',
      header: 'Method',
      cell: (row) => <Typography sx={{ fontWeight: 700 }}>{row.name}</Typography>,
      phone: 'title',
    },
    { id: 'price', header: 'Price', cell: (row) => formatPrice(row.price) },
    {
      id: 'freeOver',
      header: 'Free over',
      cell: (row) => (row.freeOver === undefined ? '—' : formatPrice(row.freeOver)),
    },
    {
      id: 'countries',
      header: 'Countries',
      cell: (row) =>
        row.pickup
          ? `Pickup in ${[row.pickup.country, row.pickup.region].filter(Boolean).join(' ')}`
          : (row.countries?.join(', ') ?? 'Everywhere'),
    },
    removeColumn<Row>({
      label: 'Remove',
      name: (row) => `Remove ${row.name}`,
      disabled: save.isPending,
      onRemove: (row) =>
        save.mutate(
          methods.filter((method) => method.id !== row.id),
          { onSuccess: () => enqueueSnackbar(`Removed ${row.name}`, { variant: 'success' }) },
        ),
    }),
  ];
  return (
    <Stack spacing={2}>
      <ListAddBar label="Add method" onAdd={() => setAdding(true)} />
      <ListTable
        label="Shipping methods"
        empty="No shipping methods: orders ship for nothing."
        rows={methods.map((method) => ({ ...method, _id: method.id }))}
        columns={columns}
      />
      {adding && <AddMethodDialog methods={methods} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
