/**
 * Stripe's Payment Element, with the Express Checkout Element above it for wallets and Link where
 * the account has them (docs/decisions/068). This module is loaded only when the gateway is Stripe,
 * and Stripe.js itself only when the element is first shown ('@stripe/stripe-js/pure' does not
 * load it on import).
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import {
  Elements,
  ExpressCheckoutElement,
  PaymentElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type {
  PaymentIntent,
  Stripe,
  StripeElements,
  StripeError,
  StripeExpressCheckoutElementConfirmEvent,
} from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type FormEvent } from 'react';
import {
  NEW_CARD,
  PayFooter,
  SaveCardCheckbox,
  SavedCardChoice,
  type CardFormProps,
} from './card-form.js';

const stripes = new Map<string, Promise<Stripe | null>>();
export const getStripe = (publishableKey: string) => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
};

/**
 * Where a payment method that must leave the page (a bank's redirect) comes back to: this payment
 * page, whose intent is then read again. Cards and wallets stay on the page (redirect 'if_required').
 */
export const returnUrl = () => window.location.href;

type Confirmation = { paymentIntent?: PaymentIntent; error?: StripeError };

function StripePaymentFields({
  clientSecret,
  billing,
  savesCards,
  savedCards,
  onConfirmed,
}: CardFormProps & { clientSecret: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [saveCard, setSaveCard] = useState(false);
  // The newest saved card until the shopper chooses.
  const [choice, setPayWith] = useState<string | null>(null);
  const payWith = choice ?? savedCards[0]?.id ?? NEW_CARD;
  const billingDetails = { name: billing.name, email: billing.email };

  const settle = ({ paymentIntent, error: failure }: Confirmation) => {
    setProcessing(false);
    if (failure) setError(failure.message ?? 'The payment did not go through.');
    else if (paymentIntent?.status === 'succeeded') onConfirmed(paymentIntent.id);
    else setError('The payment is not complete yet. Please try again.');
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md §2.13: a payment is attempted only once the provider and its element are
    // ready.
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setError(null);
    if (payWith !== NEW_CARD) {
      // A card saved to the account's Customer, which the intent belongs to; 3-D Secure, when
      // the bank asks for it, is shown by stripe.js.
      settle(
        await stripe.confirmPayment({
          clientSecret,
          confirmParams: { payment_method: payWith, return_url: returnUrl() },
          redirect: 'if_required',
        }),
      );
      return;
    }
    await confirmWithElements(stripe, elements, savesCards && saveCard);
  };

  /**
   * The elements check what they collected first (and show what is missing), then the intent is
   * confirmed with it; the order's name and email go along, as the Payment Element never asks.
   */
  const confirmWithElements = async (
    client: Stripe,
    group: StripeElements,
    save: boolean,
    onIncomplete?: () => void,
  ) => {
    const { error: incomplete } = await group.submit();
    if (incomplete) {
      onIncomplete?.();
      setProcessing(false);
      setError(incomplete.message ?? null);
      return;
    }
    settle(
      await client.confirmPayment({
        elements: group,
        clientSecret,
        confirmParams: {
          return_url: returnUrl(),
          payment_method_data: { billing_details: billingDetails },
          ...(save && { setup_future_usage: 'off_session' as const }),
        },
        redirect: 'if_required',
      }),
    );
  };

  /** Apple Pay, Google Pay or Link: the wallet's sheet collected the card. */
  const payWithWallet = async (event: StripeExpressCheckoutElementConfirmEvent) => {
    if (!stripe || !elements) return;
    setProcessing(true);
    setError(null);
    await confirmWithElements(stripe, elements, false, () =>
      event.paymentFailed({ reason: 'fail' }),
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={pay} aria-label="Card payment" spacing={2.5}>
      <ExpressCheckoutElement onConfirm={(event) => void payWithWallet(event)} />
      {savedCards.length > 0 && (
        <SavedCardChoice cards={savedCards} value={payWith} onChange={setPayWith} />
      )}
      <Box sx={{ display: payWith === NEW_CARD ? 'block' : 'none' }}>
        <PaymentElement
          onReady={() => setReady(true)}
          onChange={() => setError(null)}
          options={{
            layout: 'tabs',
            // The name and email come from the order; the postal code and country the element
            // asks for itself (they are fraud signals), so they are not hidden.
            fields: { billingDetails: { name: 'never', email: 'never' } },
            defaultValues: { billingDetails: { name: billing.name, email: billing.email } },
          }}
        />
      </Box>
      {payWith === NEW_CARD && savesCards && (
        <SaveCardCheckbox checked={saveCard} onChange={setSaveCard} />
      )}
      <PayFooter
        error={error}
        disabled={!stripe || (payWith === NEW_CARD && !ready)}
        paying={processing}
      />
    </Stack>
  );
}

export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  const theme = useTheme();
  const { clientSecret } = props;
  // The Payment Element is made for one intent: it waits for the client secret.
  if (!clientSecret) return <PayFooter error={null} disabled paying={false} />;
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{
        clientSecret,
        appearance: {
          theme: 'stripe',
          variables: {
            colorPrimary: theme.palette.primary.main,
            colorDanger: theme.palette.error.main,
            fontSizeBase: '16px',
          },
        },
      }}
    >
      <StripePaymentFields {...props} clientSecret={clientSecret} />
    </Elements>
  );
}
