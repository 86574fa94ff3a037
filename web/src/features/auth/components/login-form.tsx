import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useAuthActions } from '../../../lib/auth.js';
import { useLayoutBrand } from '../../../lib/brand-query.js';
import { useAuthStep } from '../hooks/use-auth-step.js';
import { AuthForm, CredentialsFields } from './auth-form.js';

/**
 * docs/product.md §2.8 Login. No client-side validation (§5.6): the identity service judges, and
 * its refusals are put in plain words (auth-error.ts). `guest`: a way to buy without signing in,
 * above the form, for a visitor who came from Buy Now (the screen brings it, decision 085).
 */
export function LoginForm({ guest }: { guest?: ReactNode } = {}) {
  const { signIn } = useAuthActions();
  const location = useLocation();
  const shopName = useLayoutBrand()?.name ?? 'the shop';
  const step = useAuthStep();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  return (
    <AuthForm
      title="Please Login"
      label="Login"
      busyLabel="Signing in"
      step={step}
      onSubmit={() => signIn(email, password)}
      lead={guest}
    >
      <CredentialsFields
        emailLabel="Email"
        email={email}
        onEmail={setEmail}
        password={password}
        onPassword={setPassword}
        passwordAutoComplete="current-password"
      />
      <Button type="submit" variant="contained" size="large">
        Login
      </Button>
      {step.error && (
        <Typography role="alert" color="error" variant="body2">
          {step.error}
        </Typography>
      )}
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        New to {shopName}?{' '}
        <Link component={RouterLink} to={paths.signup.getHref()} state={location.state}>
          Create new account
        </Link>
      </Typography>
    </AuthForm>
  );
}
