import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useField } from 'formik';

/**
 * Ship's carrier (issue 27): picked from the carriers whose tracking addresses the shop knows
 * (`options`: the common ones and the shop's own), or typed when the shop uses another; the
 * form's `carrier` field, checked by the form's schema like a text field.
 */
export function CarrierField({ options }: { options: readonly string[] }) {
  const [field, meta, helpers] = useField<string>('carrier');
  const edited = meta.touched || meta.value !== meta.initialValue;
  const message = edited && meta.error ? meta.error : null;
  return (
    <Autocomplete
      freeSolo
      options={options}
      value={field.value}
      inputValue={field.value}
      onInputChange={(_event, value) => void helpers.setValue(value)}
      onBlur={() => void helpers.setTouched(true)}
      renderInput={(params) => (
        <TextField
          {...params}
          id="field-carrier"
          name="carrier"
          label="Carrier"
          required
          autoFocus
          error={Boolean(message)}
          helperText={message ?? 'Pick one, or type another'}
        />
      )}
    />
  );
}
