import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useAuthActions } from '../../../lib/auth.js';
import { authErrorCode, authMessages } from './auth-error.js';

/** docs/product.md §2.8: the same words whether or not the account exists. */
export const resetLinkSentMessage = (email: string) =>
  `If an account exists for ${email}, we've sent a link to reset its password.`;

/**
 * "Forgot password?": asks for the address and has Firebase send the reset link. Only a malformed
 * address or an unreachable service is reported; any other outcome reads as sent, so the dialog
 * never tells whether an account exists.
 */
export function ForgotPasswordDialog({
  initialEmail,
  onClose,
}: {
  initialEmail: string;
  onClose: () => void;
}) {
  const { sendPasswordReset } = useAuthActions();
  const [email, setEmail] = useState(initialEmail);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to the sign-in form around it.
    event.stopPropagation();
    const address = email.trim();
    setEmailError(null);
    setFailure(null);
    setSending(true);
    try {
      await sendPasswordReset(address);
      setSentTo(address);
    } catch (error) {
      const code = authErrorCode(error);
      if (code === 'auth/invalid-email' || code === 'auth/missing-email')
        setEmailError(authMessages.invalidEmail);
      else if (code === 'auth/network-request-failed') setFailure(authMessages.network);
      else setSentTo(address);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="forgot-password-title"
    >
      <form onSubmit={send} noValidate>
        <DialogTitle id="forgot-password-title">Reset your password</DialogTitle>
        <DialogContent>
          {sentTo === null ? (
            <>
              <DialogContentText sx={{ mb: 2 }}>
                Enter the email address you log in with and we'll send you a link to choose a new
                password.
              </DialogContentText>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                fullWidth
                autoFocus
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={emailError !== null}
                helperText={emailError}
              />
            </>
          ) : null}
          {/* Present from the start, so screen readers announce the outcome when it appears. */}
          <Typography role="status" variant="body2" sx={{ mt: failure ? 2 : 0 }}>
            {sentTo === null ? null : resetLinkSentMessage(sentTo)}
          </Typography>
          {failure && (
            <Typography role="alert" color="error" variant="body2">
              {failure}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {sentTo === null ? (
            <>
              <Button onClick={onClose} disabled={sending}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={sending}>
                Send reset link
              </Button>
            </>
          ) : (
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
