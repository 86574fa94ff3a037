/**
 * Stripe Elements' card field. This module is loaded only when the gateway is Stripe, and Stripe.js
 * itself only when the field is first shown ('@stripe/stripe-js/pure' does not load it on import).
 */
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type FormEvent } from 'react';
import { PayFooter, type CardFormProps } from './card-form.js';

const stripes = new Map<string, Promise<Stripe | null>>();
const getStripe = (publishableKey: string) => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
};

function StripeCardFields({ clientSecret, billing, onConfirmed }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const [ready, setReady] = useState(false);
  const [focused, setFocused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    // docs/product.md §2.13: a payment is attempted only once the provider and its card field
    // are ready.
    if (!stripe || !card || !clientSecret || processing) return;
    setProcessing(true);
    setError(null);
    const { paymentIntent, error: failure } = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
    });
    setProcessing(false);
    if (failure) setError(failure.message ?? 'The payment did not go through.');
    else if (paymentIntent.status === 'succeeded') onConfirmed(paymentIntent.id);
    else setError('The payment is not complete yet. Please try again.');
  };

  return (
    <Stack component="form" noValidate onSubmit={pay} aria-label="Card payment" spacing={2.5}>
      <Box>
        <FormLabel component="div" focused={focused} sx={{ mb: 1, fontSize: 14, fontWeight: 600 }}>
          Card details
        </FormLabel>
        <Box
          sx={{
            px: 1.75,
            py: 2,
            borderRadius: 1,
            border: '1px solid',
            borderColor: focused ? 'primary.main' : 'rgba(0, 0, 0, 0.23)',
            boxShadow: focused ? `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none',
          }}
        >
          <CardElement
            onReady={() => setReady(true)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(change) => setError(change.error?.message ?? null)}
            options={{
              hidePostalCode: true,
              style: {
                base: {
                  fontSize: '16px',
                  color: theme.palette.text.primary,
                  '::placeholder': { color: theme.palette.text.secondary },
                },
                invalid: { color: theme.palette.error.main },
              },
            }}
          />
        </Box>
      </Box>
      <PayFooter error={error} disabled={!stripe || !ready || !clientSecret} paying={processing} />
    </Stack>
  );
}

export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={getStripe(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
