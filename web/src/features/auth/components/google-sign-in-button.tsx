import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { GoogleIcon } from '../../../components/icons/google.js';
import { googleSignInIsEmulated, type EmulatedGoogleAccount } from '../../../lib/auth.js';

/**
 * "Log in with Google". With the Auth emulator (local runs), a small dialog stands in for
 * Google's account chooser, since Google's own window cannot load offline.
 */
export function GoogleSignInButton({
  onSignIn,
}: {
  onSignIn: (emulatedAccount?: EmulatedGoogleAccount) => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');

  const choose = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to the sign-in form around it.
    event.stopPropagation();
    setChoosing(false);
    onSignIn({ email, name: name || email.split('@')[0] || email });
  };

  return (
    <>
      <Button
        fullWidth
        variant="outlined"
        size="large"
        startIcon={<GoogleIcon />}
        onClick={() => (googleSignInIsEmulated ? setChoosing(true) : onSignIn())}
      >
        Log in with Google
      </Button>
      {googleSignInIsEmulated && (
        <Dialog open={choosing} onClose={() => setChoosing(false)} fullWidth maxWidth="xs">
          <form onSubmit={choose}>
            <DialogTitle>Google account (emulated)</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                This shop runs against the Firebase Auth emulator, which stands in for Google. Enter
                the Google account to sign in as.
              </DialogContentText>
              <Stack spacing={2}>
                <TextField
                  label="Google email"
                  type="email"
                  required
                  autoFocus
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
                <TextField
                  label="Name"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={() => setChoosing(false)}>Cancel</Button>
              <Button type="submit" variant="contained">
                Continue
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      )}
    </>
  );
}
