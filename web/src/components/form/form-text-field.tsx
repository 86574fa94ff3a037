import Grid, { type GridProps } from '@mui/material/Grid';
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
  /** The phone keyboard for a number: digits only, or with a decimal point. */
  inputMode?: 'numeric' | 'decimal';
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
  inputMode,
  slotProps,
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
      slotProps={
        inputMode ? { ...slotProps, htmlInput: { ...slotProps?.htmlInput, inputMode } } : slotProps
      }
      id={props.id ?? `field-${name}`}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}

/** The delivery phone number the checkout and the purchase form ask for (field `number`). */
export function PhoneNumberField() {
  return (
    <FormTextField name="number" label="Phone Number" type="tel" autoComplete="tel" required />
  );
}

/** Where a field sits in its form's Grid: Grid's `size` ({ xs: 12, sm: 6 }). */
export type GridCellSize = GridProps['size'];

/** A FormTextField as one cell of its form's Grid, `cell` being the cell's size. */
export function FormGridField({ cell, ...props }: FormTextFieldProps & { cell: GridCellSize }) {
  return (
    <Grid size={cell}>
      <FormTextField {...props} />
    </Grid>
  );
}
