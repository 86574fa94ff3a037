/**
 * The checkout's first question for a visitor who is not signed in (issue 25 item 7): check out as
 * a guest with an email address (where the order's private link is mailed) and a name, or sign
 * in (and come back here with the cart). The order a guest places shows under My Orders once they
 * sign up with the same address and verify it (docs/decisions/066).
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { guestContactSchema, type GuestContactInput } from '@sprocket/contract';
import { Form } from 'formik';
import type { ReactNode } from 'react';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { SchemaFormik } from '../../../components/form/schema-formik.js';
import { SubmitButton } from '../../../components/form/submit-button.js';

export function GuestOrSignIn({
  initial,
  signInLink,
  onGuest,
}: {
  /** What the guest typed before, when they come back to change it. */
  initial?: GuestContactInput;
  /** "Sign in", to the login page and back here. */
  signInLink: ReactNode;
  onGuest: (contact: GuestContactInput) => void;
}) {
  return (
    <Grid container spacing={{ xs: 2.5, md: 3 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card component="section" aria-labelledby="guest-checkout-title">
          <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
            <Typography id="guest-checkout-title" variant="h6" component="h2">
              Check out as a guest
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2.5 }}>
              No account needed. We email you a private link to your order, where you can follow it
              and pay for it.
            </Typography>
            <SchemaFormik<GuestContactInput>
              schema={guestContactSchema}
              initialValues={initial ?? { email: '', name: '' }}
              onSubmit={(values) => onGuest(guestContactSchema.cast(values))}
            >
              {(formik) => (
                <Form noValidate aria-label="Guest checkout">
                  <Stack spacing={2.5}>
                    <FormTextField
                      name="email"
                      label="Email address"
                      type="email"
                      autoComplete="email"
                      required
                    />
                    <FormTextField name="name" label="Your name" autoComplete="name" required />
                    <SubmitButton disabled={!formik.isValid} sx={{ alignSelf: 'flex-start' }}>
                      Continue as a guest
                    </SubmitButton>
                  </Stack>
                </Form>
              )}
            </SchemaFormik>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card component="section" aria-labelledby="sign-in-title" variant="outlined">
          <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
            <Typography id="sign-in-title" variant="h6" component="h2">
              Or sign in
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
              Your cart comes with you, the address book fills in the delivery, and your orders wait
              under My Orders.
            </Typography>
            <Divider sx={{ mb: 2 }} />
            {signInLink}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

/** The guest's address with a way back to change it, above the checkout form. */
export function GuestContactSummary({
  contact,
  onChange,
}: {
  contact: GuestContactInput;
  onChange: () => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mb: { xs: 2.5, md: 3 }, alignItems: { sm: 'center' } }}
    >
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        Checking out as a guest: <strong>{contact.name}</strong>, {contact.email}
      </Typography>
      <Button size="small" onClick={onChange} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
        Change
      </Button>
    </Stack>
  );
}
