import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { useAuthActions } from '../../../lib/auth.js';
import type { AuthStep } from '../hooks/use-auth-step.js';
import { ForgotPasswordDialog } from './forgot-password-dialog.js';
import { GoogleSignInButton } from './google-sign-in-button.js';

/**
 * The frame of both sign-in screens (docs/product.md §2.8): a centred card titled `title`, the
 * screen's own fields, then an OR divider and "Log in with Google"; a `lead` above them, apart. A spinner replaces the form
 * while a step runs; a user who is signed in already goes straight back.
 */
export function AuthForm({
  title,
  label,
  busyLabel,
  step,
  onSubmit,
  lead,
  children,
}: {
  title: string;
  /** The form's accessible name. */
  label: string;
  busyLabel: string;
  step: AuthStep;
  /** The screen's own sign-in step, run when the form is submitted. */
  onSubmit: () => Promise<void>;
  /** A way on without signing in, above the form and apart from it (Login's guest purchase). */
  lead?: ReactNode;
  children: ReactNode;
}) {
  const { signInWithGoogle } = useAuthActions();
  if (step.alreadySignedIn) return <Navigate to={step.returnTo} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void step.run(onSubmit);
  };

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h4" component="h1" sx={{ textAlign: 'center', mb: 3 }}>
            {title}
          </Typography>
          {step.busy ? (
            <FullScreenSpinner label={busyLabel} />
          ) : (
            <>
              {lead && (
                <>
                  {lead}
                  <Divider sx={{ my: 2.5 }}>OR</Divider>
                </>
              )}
              <Stack component="form" onSubmit={submit} spacing={2} aria-label={label}>
                {children}
                <Divider>OR</Divider>
                <GoogleSignInButton
                  onSignIn={(account) => void step.run(() => signInWithGoogle(account))}
                />
              </Stack>
            </>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}

/** Opens the password-reset dialog, with the address typed in the form so far. */
export function ForgotPasswordLink({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Link component="button" type="button" variant="body2" onClick={() => setOpen(true)}>
        Forgot password?
      </Link>
      {open && <ForgotPasswordDialog initialEmail={email} onClose={() => setOpen(false)} />}
    </Box>
  );
}

/**
 * The email and password fields of Login and Signup, with the way to reset a forgotten password
 * under them: the same fields, labelled for each form.
 */
export function CredentialsFields({
  emailLabel,
  email,
  onEmail,
  password,
  onPassword,
  passwordAutoComplete,
  passwordHelp,
}: {
  emailLabel: string;
  email: string;
  onEmail: (email: string) => void;
  password: string;
  onPassword: (password: string) => void;
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordHelp?: ReactNode;
}) {
  return (
    <>
      <TextField
        label={emailLabel}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmail(event.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={passwordAutoComplete}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        helperText={passwordHelp}
      />
      <ForgotPasswordLink email={email} />
    </>
  );
}
