import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useAuthActions } from '../../../lib/auth.js';
import { useAuthStep } from '../hooks/use-auth-step.js';
import { AuthForm, ForgotPasswordLink } from './auth-form.js';

/**
 * Signup (docs/product.md §2.8): create the account, then set its display name; a spinner while
 * any step runs.
 */
export function SignupForm() {
  const { signUp } = useAuthActions();
  const location = useLocation();
  const step = useAuthStep();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  return (
    <AuthForm
      title="Please Signup"
      label="Signup"
      busyLabel="Creating your account"
      step={step}
      onSubmit={() => signUp(name.trim(), email, password)}
    >
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
      <ForgotPasswordLink />
      {step.error && (
        <Typography role="alert" color="error" variant="caption">
          {step.error}
        </Typography>
      )}
      {/* docs/product.md §2.8: the signup submit button is labelled "Login". */}
      <Button type="submit" variant="contained" size="large">
        Login
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login.getHref()} state={location.state}>
          Already have an account?
        </Link>
      </Typography>
    </AuthForm>
  );
}
