import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NAME_MAX,
  nameHasLink,
  passwordIsAcceptable,
  passwordRules,
  PERSON_NAME_LINK_MESSAGE,
} from '@sprocket/contract';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { CheckCircleIcon } from '../../../components/icons/check-circle.js';
import { RadioButtonUncheckedIcon } from '../../../components/icons/radio-button-unchecked.js';
import { paths } from '../../../config/paths.js';
import { useAuthActions } from '../../../lib/auth.js';
import { phoneTapTarget } from '../../../lib/tap-target.js';
import { useAuthStep } from '../hooks/use-auth-step.js';
import { authMessages, FormRuleError } from './auth-error.js';
import { AuthForm, CredentialsFields } from './auth-form.js';
import { visuallyHidden } from '../../../lib/visually-hidden.js';

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
      onSubmit={async () => {
        // The rules are shown from the start; a password that breaks one never reaches Firebase.
        // The name is what the shop's mails say to the customer: no links in it (issue 21).
        if (nameHasLink(name)) throw new FormRuleError(PERSON_NAME_LINK_MESSAGE);
        if (!passwordIsAcceptable(password)) throw new PasswordRulesError();
        await signUp(name.trim(), email, password);
      }}
    >
      <TextField
        label="Your Name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
      />
      <CredentialsFields
        emailLabel="Email address"
        email={email}
        onEmail={setEmail}
        password={password}
        onPassword={setPassword}
        passwordAutoComplete="new-password"
        passwordHelp={<PasswordRulesHelp password={password} />}
      />
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
        {/* A link on its own line: on a phone, a 44 px row for a finger. */}
        <Link
          component={RouterLink}
          to={paths.login.getHref()}
          state={location.state}
          sx={phoneTapTarget}
        >
          Already have an account?
        </Link>
      </Typography>
    </AuthForm>
  );
}

/** Read by the error mapping as Firebase's own refusal of a short password. */
class PasswordRulesError extends Error {
  readonly code = 'auth/weak-password';
  constructor() {
    super(authMessages.weakPassword);
  }
}

/** The contract's password rules under the field, each ticked as the password keeps it. */
function PasswordRulesHelp({ password }: { password: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {passwordRules.map((rule) => {
        const met = rule.isMet(password);
        return (
          <Box
            component="span"
            key={rule.label}
            data-met={met}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            {met ? (
              <CheckCircleIcon fontSize="inherit" color="success" aria-hidden />
            ) : (
              <RadioButtonUncheckedIcon fontSize="inherit" aria-hidden />
            )}
            {rule.label}
            <Box component="span" sx={visuallyHidden}>
              {met ? ' (done)' : ' (not yet)'}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
