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

/** Spec §2 Signup: create the account, then set its display name; a spinner while any step runs. */
export function SignupForm() {
  const { signUp, signInWithGoogle } = useAuthActions();
  const location = useLocation();
  const { alreadySignedIn, returnTo, error, busy, run } = useAuthStep();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (alreadySignedIn) return <Navigate to={returnTo} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => signUp(name.trim(), email, password));
  };

  return (
    <AuthCard title="Please Signup">
      {busy ? (
        <FullScreenSpinner label="Creating your account" />
      ) : (
        <Stack component="form" onSubmit={submit} spacing={2} aria-label="Signup">
          <TextField
            label="Your Name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Box>
            <Link component="button" type="button" variant="body2">
              Forgot password?
            </Link>
          </Box>
          {error && (
            <Typography role="alert" color="error" variant="caption">
              {error}
            </Typography>
          )}
          {/* Spec §2: the signup submit button is labelled "Login". */}
          <Button type="submit" variant="contained" size="large">
            Login
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to={paths.login.getHref()} state={location.state}>
              Already have an account?
            </Link>
          </Typography>
          <Divider>OR</Divider>
          <GoogleSignInButton onSignIn={(account) => void run(() => signInWithGoogle(account))} />
        </Stack>
      )}
    </AuthCard>
  );
}
