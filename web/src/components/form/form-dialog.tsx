import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Form, type FormikHelpers, type FormikProps, type FormikValues } from 'formik';
import { useId, useState, type ReactNode } from 'react';
import type { AnySchema } from 'yup';
import { useToastOnSuccess } from '../../lib/use-toast-on-success.js';
import { SchemaFormik } from './schema-formik.js';

/**
 * The one scaffold of the modals with a form (docs/product.md §2.2: profile, review, shipment,
 * product): the title, the form checked by its schema, then Cancel and the submit button, which
 * stays disabled until the form is valid. Submitting saves; once the server has taken it, a
 * success toast and the dialog closes. Full screen on phones, and not dismissible while saving.
 */
export function FormDialog<Values extends FormikValues>({
  open = true,
  title,
  formLabel,
  submitLabel,
  save,
  savedMessage,
  onRefused,
  schema,
  initialValues,
  onClose,
  intro,
  spacing = 2.5,
  maxWidth = 'sm',
  children,
}: {
  open?: boolean;
  title: ReactNode;
  /** Names the form for screen readers. */
  formLabel: string;
  submitLabel: string;
  /** Sends the values; resolves `false` where the answer says nothing was done (lib/use-toast-on-success). */
  save: (values: Values, form: FormikHelpers<Values>) => Promise<unknown>;
  savedMessage: string | ((values: Values) => string);
  /** Besides the mutation cache's toast: marks the fields the server refused, say. */
  onRefused?: (error: unknown, form: FormikHelpers<Values>) => void;
  schema: AnySchema;
  initialValues: Values;
  onClose: () => void;
  /** Said above the form. */
  intro?: ReactNode;
  /** The room between the fields, as Stack's `spacing`. */
  spacing?: number;
  /** How wide it grows on a large screen (a page's editor and its preview side by side: `lg`). */
  maxWidth?: DialogProps['maxWidth'];
  /** The fields, or a function of the form's state that draws them. */
  children: ReactNode | ((formik: FormikProps<Values>) => ReactNode);
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const formId = useId();
  const toastOnSuccess = useToastOnSuccess();
  // The form lives inside the dialog (so it starts afresh each time it opens): its saving state
  // is kept here, where the dialog can see it.
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values, form: FormikHelpers<Values>) => {
    setSaving(true);
    const message = typeof savedMessage === 'function' ? savedMessage(values) : savedMessage;
    const saved = await toastOnSuccess(
      () => save(values, form),
      message,
      (error) => onRefused?.(error, form),
    );
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <SchemaFormik<Values> schema={schema} initialValues={initialValues} onSubmit={submit}>
        {(formik) => (
          <>
            <DialogContent dividers>
              {intro}
              <Stack
                component={Form}
                id={formId}
                noValidate
                aria-label={formLabel}
                spacing={spacing}
              >
                {typeof children === 'function' ? children(formik) : children}
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              <Button onClick={onClose} disabled={formik.isSubmitting} color="inherit">
                Cancel
              </Button>
              <Button
                type="submit"
                form={formId}
                variant="contained"
                color="secondary"
                disabled={!formik.isValid}
                loading={formik.isSubmitting}
              >
                {submitLabel}
              </Button>
            </DialogActions>
          </>
        )}
      </SchemaFormik>
    </Dialog>
  );
}
