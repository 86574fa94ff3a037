import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { paths } from '../../../config/paths.js';
import { useAuthActions } from '../../../lib/auth.js';
import { useAuthStep } from '../hooks/use-auth-step.js';
import { AuthCard } from './auth-card.js';
import { GoogleSignInButton } from './google-sign-in-button.js';

/** Spec §2 Login. No client-side validation (spec §5): the identity service judges. */
export function LoginForm() {
  const { signIn, signInWithGoogle } = useAuthActions();
  const location = useLocation();
  const { alreadySignedIn, returnTo, error, busy, run } = useAuthStep();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (alreadySignedIn) return <Navigate to={returnTo} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => signIn(email, password));
  };

  return (
    <AuthCard title="Please Login">
      {busy ? (
        <FullScreenSpinner label="Signing in" />
      ) : (
        <Stack component="form" onSubmit={submit} spacing={2} aria-label="Login">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Box>
            {/* Spec §2: a link that does nothing yet. */}
            <Link component="button" type="button" variant="body2">
              Forgot password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large">
            Login
          </Button>
          {error && (
            <Typography role="alert" color="error" variant="body2">
              {error}
            </Typography>
          )}
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            New to Sprocket?{' '}
            <Link component={RouterLink} to={paths.signup.getHref()} state={location.state}>
              Create new account
            </Link>
          </Typography>
          <Divider>OR</Divider>
          <GoogleSignInButton onSignIn={(account) => void run(() => signInWithGoogle(account))} />
        </Stack>
      )}
    </AuthCard>
  );
}
