import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { MarkEmailUnreadOutlinedIcon } from '../../../components/icons/mark-email-unread-outlined.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/auth.js';
import { useConfirmEmailVerified, useResendVerificationEmail } from '../api/verify-email.js';
import { authErrorCode, authMessages } from './auth-error.js';

/** What went wrong, in words a customer can act on (never a Firebase code). */
function plainMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  switch (authErrorCode(error)) {
    case 'auth/too-many-requests':
      return 'We have sent several emails to this address in a short time. Please wait a few minutes, then try again.';
    case 'auth/network-request-failed':
      return authMessages.network;
    default:
      return 'Something went wrong. Please try again.';
  }
}

/**
 * Asks a signed-in user whose email address is not verified yet (an email and password sign-up;
 * Google accounts arrive verified) to open the link. Shopping goes on meanwhile; only the admin
 * rights from the shop's list wait for a verified address.
 */
export function VerifyEmailNotice() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const { enqueueSnackbar } = useSnackbar();
  const resend = useResendVerificationEmail();
  const confirm = useConfirmEmailVerified(email);
  const [message, setMessage] = useState<string | null>(null);

  // The session says "verified" as soon as Firebase reloads the account; the notice stays until
  // the fresh accessToken is in (or says why it is not, with the button to try again).
  if (!email || (user?.emailVerified && !confirm.isPending && !confirm.isError)) return null;

  const sendAgain = () => {
    setMessage(null);
    resend.mutate(undefined, {
      onSuccess: () =>
        enqueueSnackbar(`Verification email sent to ${email}`, { variant: 'success' }),
      onError: (error) => setMessage(plainMessage(error)),
    });
  };

  const checkVerified = () => {
    setMessage(null);
    confirm.mutate(undefined, {
      onSuccess: (verified) =>
        verified
          ? enqueueSnackbar('Thank you, your email address is verified.', { variant: 'success' })
          : setMessage(
              'Your address is not verified yet. Open the link in the email we sent, then try again.',
            ),
      onError: (error) => setMessage(plainMessage(error)),
    });
  };
  return (
    <Alert
      severity="info"
      icon={<MarkEmailUnreadOutlinedIcon />}
      // A standing notice, not an interruption: a landmark to find, not an alert to announce.
      role="region"
      aria-label="Verify your email"
      sx={{ mb: { xs: 2.5, md: 3.5 }, '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>Please verify your email address</AlertTitle>
      <Typography variant="body2">
        We sent a link to{' '}
        <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
          {email}
        </Box>
        . Open it to confirm the address is yours, then come back and choose “I've verified it”. You
        can keep shopping in the meantime; we email you about your orders, and you can review parts,
        once the address is verified.
      </Typography>
      {/* Present from the start, so screen readers announce the message when it appears. */}
      <Typography variant="body2" role="status" sx={{ mt: message ? 1 : 0, fontWeight: 600 }}>
        {message}
      </Typography>
      <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          color="primary"
          loading={resend.isPending}
          disabled={confirm.isPending}
          onClick={sendAgain}
          sx={{ minHeight: 44 }}
        >
          Resend verification email
        </Button>
        <Button
          variant="contained"
          color="primary"
          loading={confirm.isPending}
          disabled={resend.isPending}
          onClick={checkVerified}
          sx={{ minHeight: 44 }}
        >
          I've verified it
        </Button>
      </Stack>
    </Alert>
  );
}
