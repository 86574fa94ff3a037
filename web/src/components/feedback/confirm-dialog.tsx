import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useId, useState, type ReactNode } from 'react';

/**
 * A yes/no question before something that cannot be undone or that changes who may do what
 * (docs/product.md §8.2: "Wanted to delete {name}"). The caller closes it once the server
 * acknowledged; while `busy` it cannot be dismissed.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmColor = 'error',
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** The button that changes nothing ("Keep order" where the action itself is a cancel). */
  cancelLabel?: string;
  /** Red for what destroys or takes away; the brand colour for what gives. */
  confirmColor?: 'error' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children && (
        <DialogContent>
          <DialogContentText id={bodyId}>{children}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit" autoFocus>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} loading={busy} variant="contained" color={confirmColor}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * What a ConfirmDialog asks about. The target outlives `open`, so the question keeps its text
 * while the dialog fades out.
 */
export function useConfirmTarget<T>() {
  const [state, setState] = useState<{ target: T | null; open: boolean }>({
    target: null,
    open: false,
  });
  const ask = useCallback((target: T) => setState({ target, open: true }), []);
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { ...state, ask, close };
}
