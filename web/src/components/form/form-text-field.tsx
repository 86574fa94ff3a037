import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from 'formik';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'error'> & {
  name: string;
  /** Turns the validation message into what the screen shows (e.g. appends "Invalid Input"). */
  formatError?: (message: string) => string;
  /**
   * A check of the field's own beside the form's schema, such as one that needs the browser
   * (an image that must load); a stable function, as formik registers it once.
   */
  validate?: (value: unknown) => string | undefined | Promise<string | undefined>;
};

/**
 * A formik field as an MUI TextField. Validation runs on every change, so a message shows as soon
 * as the field was edited or visited, not only after submitting.
 */
export function FormTextField({
  name,
  formatError,
  helperText,
  validate,
  ...props
}: FormTextFieldProps) {
  const [field, meta] = useField<string | number>({ name, validate });
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
