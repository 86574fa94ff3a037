import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import {
  discountFormSchemaFor,
  discountFromForm,
  sendConverted,
  type DiscountFormValues,
} from '@sprocket/contract';
import { useField, type FormikProps } from 'formik';
import { useMemo } from 'react';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormGridField } from '../../../components/form/form-text-field.js';
import { env } from '../../../config/env.js';
import { currencySign, priceExample } from '../../../lib/money.js';
import { useCreateDiscount } from '../api/create-discount.js';

const EMPTY: DiscountFormValues = {
  code: '',
  type: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  oncePerCustomer: false,
};

function OncePerCustomerBox() {
  const [field] = useField<boolean>({ name: 'oncePerCustomer', type: 'checkbox' });
  return (
    <FormControlLabel
      control={<Checkbox {...field} sx={{ p: '10px' }} />}
      label="Once per customer"
    />
  );
}

/** Every field takes half the row from tablets up. */
const HALF = { xs: 12, sm: 6 };

/** A day as a date field gives it ("2025-07-01"), its label kept above the browser's own mask. */
function DateGridField(props: { name: 'startsAt' | 'endsAt'; label: string; helperText: string }) {
  return (
    <FormGridField
      cell={HALF}
      type="date"
      slotProps={{ inputLabel: { shrink: true } }}
      {...props}
    />
  );
}

function Fields({ values }: FormikProps<DiscountFormValues>) {
  const percent = values.type === 'percent';
  return (
    <Grid container spacing={2}>
      <FormGridField
        cell={HALF}
        name="code"
        label="Code"
        required
        helperText="Letters, digits, - and _; shoppers may type it in any case"
      />
      <FormGridField cell={HALF} name="type" label="Type" select required>
        <MenuItem value="percent">Percent off</MenuItem>
        <MenuItem value="fixed">Amount off</MenuItem>
      </FormGridField>
      <FormGridField
        cell={HALF}
        name="value"
        label={percent ? 'Percent off' : `Amount off (${currencySign})`}
        placeholder={percent ? '10' : priceExample}
        inputMode="decimal"
        required
      />
      <FormGridField
        cell={HALF}
        name="minSubtotal"
        label={`Minimum subtotal (${currencySign})`}
        placeholder={priceExample}
        inputMode="decimal"
        helperText="Optional"
      />
      <DateGridField name="startsAt" label="Starts on" helperText="Optional" />
      <DateGridField
        name="endsAt"
        label="Ends on"
        helperText="Optional: the code stops at the start of that day (UTC)"
      />
      <FormGridField
        cell={HALF}
        name="maxUses"
        label="Uses in all"
        inputMode="numeric"
        helperText="Optional: how many orders may use it"
      />
      <Grid size={HALF} sx={{ display: 'flex', alignItems: 'center' }}>
        <OncePerCustomerBox />
      </Grid>
    </Grid>
  );
}

/** "Add code": a new discount code, checked by the API's rules (the contract's), then saved. */
export function AddDiscountDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateDiscount();
  const schema = useMemo(() => discountFormSchemaFor(env.shopCurrency), []);
  return (
    <FormDialog<DiscountFormValues>
      title="Add a discount code"
      formLabel="Add a discount code"
      submitLabel="Add code"
      schema={schema}
      initialValues={EMPTY}
      savedMessage={(values) => `Added code ${values.code.trim().toUpperCase()}`}
      save={async (values) =>
        sendConverted(discountFromForm(values, env.shopCurrency), create.mutateAsync)
      }
      onClose={onClose}
    >
      {(formik) => <Fields {...formik} />}
    </FormDialog>
  );
}
