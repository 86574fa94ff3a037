/**
 * The checkout page's payment (docs/decisions/087): the wallets above the address, "Pay with" and
 * the card fields above "Place order and pay", and the payment of the order once the checkout has
 * placed it, all on the one page. Before any order exists there is no intent, so the saved cards
 * are read on their own (GET /payment-methods) and the fields are checked before the order is
 * placed; the intent comes with the checkout's answer.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { PaymentIntentResult } from '@sprocket/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { env } from '../../../config/env.js';
import type {
  CheckoutPayment,
  OrderToPay,
  PaymentOutcome,
  WalletTap,
} from '../../../lib/checkout-payment.js';
import { errorMessage } from '../../../lib/query-client.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { paymentIntentQueryOptions } from '../api/create-payment-intent.js';
import { cachePaidOrder, markOrderPaid } from '../api/mark-order-paid.js';
import { useSavedCards } from '../api/saved-cards.js';
import { ExpressCheckout, type GatewayPaymentProps, type PayOrder } from './gateway-payment.js';
import { TEST_WALLET_LABEL, TestPaymentsNotice, useSimulatedCard } from './simulated-card.js';

// Stripe's code is downloaded only by a shop that takes real card payments.
const StripeCheckoutPayment = lazy(() => import('./stripe-checkout-payment.js'));

/** The simulated gateway takes no amount before the intent. */
const amountNotNeeded = () => undefined;

function SimulatedWallet({
  tap,
  pay,
}: {
  tap: WalletTap;
  pay: (order: OrderToPay) => Promise<PaymentOutcome>;
}) {
  const [paying, setPaying] = useState(false);
  const payWithWallet = async () => {
    if (paying || !(await tap.ready())) return;
    setPaying(true);
    await tap.placeAndPay(pay);
    setPaying(false);
  };
  return (
    <Button
      variant="outlined"
      fullWidth
      loading={paying}
      onClick={() => void payWithWallet()}
      sx={{ minHeight: 48 }}
    >
      {TEST_WALLET_LABEL}
    </Button>
  );
}

function SimulatedCheckoutPayment({
  billing,
  savesCards,
  savedCards,
  payOrder,
  children,
}: GatewayPaymentProps) {
  const card = useSimulatedCard({ billing, savesCards, savedCards, offerWallet: false });
  const payment: CheckoutPayment = {
    wallets: (tap) => (
      <ExpressCheckout>
        <SimulatedWallet tap={tap} pay={(order) => payOrder(order, card.confirmWallet)} />
      </ExpressCheckout>
    ),
    fields: (
      <Stack spacing={2.5}>
        <TestPaymentsNotice />
        {card.fields}
      </Stack>
    ),
    setAmount: amountNotNeeded,
    check: () => Promise.resolve(card.problem()),
    pay: (order) => payOrder(order, card.confirm),
  };
  return (
    <>
      {children(payment)}
      {card.authentication}
    </>
  );
}

/** A build for Stripe without its publishable key cannot take cards; env.ts refuses to start so. */
const noStripeKey =
  'This shop takes card payments through Stripe, but this build has no Stripe publishable key (VITE_STRIPE_PUBLISHABLE_KEY).';

/**
 * The checkout's payment for the shop's gateway; `children` renders the page with it. `signedIn`:
 * the account's saved cards are offered, and saving a new one.
 */
export function CheckoutPaymentProvider({
  billing,
  signedIn,
  amount,
  children,
}: {
  billing: { name: string; email: string };
  signedIn: boolean;
  /** What the page shows first (the cart's subtotal, the order's total); it then sets it. */
  amount: number;
  children: (payment: CheckoutPayment) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const saved = useSavedCards(signedIn);
  const savedCards = saved.data?.paymentMethods ?? [];

  const payOrder: PayOrder = async (order, confirm) => {
    let intent: PaymentIntentResult;
    try {
      // The checkout's answer carried it; after a reload, or with the gateway away at the time,
      // it is asked for (the server keeps one intent per order).
      intent =
        order.intent ??
        (await queryClient.fetchQuery(
          paymentIntentQueryOptions({ orderId: order.orderId, totalPrice: order.totalPrice }),
        ));
    } catch (failure) {
      return { status: 'refused', message: errorMessage(failure) };
    }
    const attempt = await confirm(intent.clientSecret);
    if ('message' in attempt) return { status: 'refused', message: attempt.message };
    try {
      const { order: paid } = await markOrderPaid(order.orderId, attempt.transactionId);
      cachePaidOrder(queryClient, order.orderId, paid);
    } catch {
      // The card is charged: the gateway's webhook marks the order paid, and the confirmation
      // reads the order again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.one(order.orderId) });
    }
    return { status: 'paid', transactionId: attempt.transactionId };
  };

  const props = { billing, savesCards: signedIn, savedCards, payOrder, children };
  if (env.payments === 'simulated') return <SimulatedCheckoutPayment {...props} />;
  if (!env.stripePublishableKey)
    return children({
      wallets: () => null,
      fields: <Alert severity="error">{noStripeKey}</Alert>,
      setAmount: amountNotNeeded,
      check: () => Promise.resolve(noStripeKey),
      pay: () => Promise.resolve({ status: 'refused', message: noStripeKey }),
    });
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading the payment form" />}>
      <StripeCheckoutPayment
        {...props}
        publishableKey={env.stripePublishableKey}
        initialAmount={amount}
      />
    </Suspense>
  );
}
