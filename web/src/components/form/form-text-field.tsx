import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from 'formik';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'error'> & {
  name: string;
  /** Turns the validation message into what the screen shows (e.g. appends "Invalid Input"). */
  formatError?: (message: string) => string;
};

/**
 * A formik field as an MUI TextField. Validation runs on every change, so a message shows as soon
 * as the field was edited or visited, not only after submitting.
 */
export function FormTextField({ name, formatError, helperText, ...props }: FormTextFieldProps) {
  const [field, meta] = useField<string | number>(name);
  const edited = meta.touched || meta.value !== meta.initialValue;
  const message =
    edited && meta.error ? (formatError ? formatError(meta.error) : meta.error) : null;
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      {...props}
      id={props.id ?? `field-${name}`}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}
