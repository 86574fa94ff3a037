import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useFormikContext } from 'formik';
import { useId, type ReactNode } from 'react';

/**
 * A modal with a form (docs/product.md §2.2: profile, review): full screen on phones, and not
 * dismissible while its form is being saved. The caller closes it once the server acknowledged.
 */
export function FormDialog({
  open = true,
  title,
  busy,
  onClose,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  busy: boolean;
  onClose: () => void;
  /** The Formik form: DialogContent with the fields, then FormDialogActions. */
  children: ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/** Cancel and the submit button of a FormDialog; submit stays disabled until the form is valid. */
export function FormDialogActions({
  formId,
  submitLabel,
  onCancel,
}: {
  /** The id of the <form> inside the dialog's content. */
  formId: string;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { isValid, isSubmitting } = useFormikContext();
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onCancel} disabled={isSubmitting} color="inherit">
        Cancel
      </Button>
      <Button
        type="submit"
        form={formId}
        variant="contained"
        color="secondary"
        disabled={!isValid}
        loading={isSubmitting}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
