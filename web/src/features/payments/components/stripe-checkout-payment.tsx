/**
 * The checkout page's payment with Stripe (docs/decisions/087): the Express Checkout Element above
 * the address and the Payment Element above "Place order and pay", in one Elements group made
 * before any intent exists (Stripe's deferred intent: `mode`, `amount`, `currency`). The fields are
 * checked with `elements.submit()` before the order is placed; the intent of the checkout's answer
 * is then confirmed with them. Loaded only when the gateway is Stripe.
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
import type { PaymentIntent, StripeError } from '@stripe/stripe-js';
import { useState } from 'react';
import { env } from '../../../config/env.js';
import type {
  CheckoutPayment,
  OrderToPay,
  PaymentOutcome,
  WalletTap,
} from '../../../lib/checkout-payment.js';
import { NEW_CARD, SaveCardCheckbox, SavedCardChoice } from './card-form.js';
import { ExpressCheckout, type CardAttempt, type GatewayPaymentProps } from './gateway-payment.js';
import { getStripe, returnUrl } from './stripe-card-form.js';

type Confirmation = { paymentIntent?: PaymentIntent; error?: StripeError };

const attemptOf = ({ paymentIntent, error }: Confirmation): CardAttempt => {
  if (error) return { message: error.message ?? 'The payment did not go through.' };
  if (paymentIntent?.status === 'succeeded') return { transactionId: paymentIntent.id };
  return { message: 'The payment is not complete yet. Please try again.' };
};

/**
 * Apple Pay, Google Pay and Link, shown only where the browser and the account offer one. A tap
 * opens the wallet's sheet only once the address is complete; its confirmation places the order
 * and pays it with what the sheet collected.
 */
function StripeWallets({
  tap,
  pay,
}: {
  tap: WalletTap;
  pay: (order: OrderToPay) => Promise<PaymentOutcome>;
}) {
  const elements = useElements();
  const [offered, setOffered] = useState(false);
  return (
    <Box sx={{ display: offered ? 'block' : 'none' }}>
      <ExpressCheckout>
        <ExpressCheckoutElement
          onReady={({ availablePaymentMethods }) => setOffered(Boolean(availablePaymentMethods))}
          // The sheet must open within a second of the tap: the form is only checked.
          onClick={(event) => void tap.ready().then((ready) => ready && event.resolve())}
          onConfirm={(event) => {
            void (async () => {
              if (!elements) return;
              // Stripe asks for the submit before anything else is awaited.
              const { error } = await elements.submit();
              if (error) {
                event.paymentFailed({ reason: 'fail' });
                return;
              }
              await tap.placeAndPay(async (order) => {
                const outcome = await pay(order);
                if (outcome.status === 'refused') event.paymentFailed({ reason: 'fail' });
                return outcome;
              });
            })();
          }}
        />
      </ExpressCheckout>
    </Box>
  );
}

function StripeCheckoutFields({
  billing,
  savesCards,
  savedCards,
  payOrder,
  setAmount,
  children,
}: Omit<GatewayPaymentProps, 'children'> & {
  setAmount: (amount: number) => void;
  children: GatewayPaymentProps['children'];
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [saveCard, setSaveCard] = useState(false);
  // The newest saved card until the shopper chooses.
  const [choice, setPayWith] = useState<string | null>(null);
  const payWith = choice ?? savedCards[0]?.id ?? NEW_CARD;
  const billingDetails = { name: billing.name, email: billing.email };

  /** With what the Payment Element (or a wallet's sheet) collected. */
  const confirmWithElements = async (clientSecret: string, save: boolean) => {
    if (!stripe || !elements) return { message: 'The payment form is still loading.' };
    return attemptOf(
      await stripe.confirmPayment({
        elements,
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

  /** A card saved to the account's Customer; stripe.js shows 3-D Secure if the bank asks. */
  const confirmSaved = async (clientSecret: string) => {
    if (!stripe) return { message: 'The payment form is still loading.' };
    return attemptOf(
      await stripe.confirmPayment({
        clientSecret,
        confirmParams: { payment_method: payWith, return_url: returnUrl() },
        redirect: 'if_required',
      }),
    );
  };

  const payment: CheckoutPayment = {
    wallets: (tap) => (
      <StripeWallets
        tap={tap}
        pay={(order) => payOrder(order, (secret) => confirmWithElements(secret, false))}
      />
    ),
    fields: (
      <Stack spacing={2.5}>
        {savedCards.length > 0 && (
          <SavedCardChoice cards={savedCards} value={payWith} onChange={setPayWith} />
        )}
        <Box sx={{ display: payWith === NEW_CARD ? 'block' : 'none' }}>
          <PaymentElement
            onReady={() => setReady(true)}
            options={{
              layout: 'tabs',
              // The name and email come from the order; the postal code and country the element
              // asks for itself (they are fraud signals), so they are not hidden.
              fields: { billingDetails: { name: 'never', email: 'never' } },
              defaultValues: { billingDetails: billingDetails },
            }}
          />
        </Box>
        {payWith === NEW_CARD && savesCards && (
          <SaveCardCheckbox checked={saveCard} onChange={setSaveCard} />
        )}
      </Stack>
    ),
    setAmount,
    check: async () => {
      if (!stripe || !elements) return 'The payment form is still loading.';
      if (payWith !== NEW_CARD) return null;
      if (!ready) return 'The card field is still loading.';
      // The element shows what is missing and answers its message; nothing is placed then.
      const { error } = await elements.submit();
      return error ? (error.message ?? 'Check the card details.') : null;
    },
    pay: (order) =>
      payOrder(order, (secret) =>
        payWith === NEW_CARD
          ? confirmWithElements(secret, savesCards && saveCard)
          : confirmSaved(secret),
      ),
  };
  return children(payment);
}

export default function StripeCheckoutPayment({
  publishableKey,
  initialAmount,
  ...props
}: GatewayPaymentProps & { publishableKey: string; initialAmount: number }) {
  const theme = useTheme();
  // What the wallets' sheets show; the page sets it as the quote and the order change it.
  const [amount, setAmount] = useState(initialAmount);
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{
        mode: 'payment',
        amount,
        currency: env.shopCurrency.toLowerCase(),
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
      <StripeCheckoutFields {...props} setAmount={setAmount} />
    </Elements>
  );
}
