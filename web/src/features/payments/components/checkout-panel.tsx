import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '@sprocket/contract';
import { lazy, Suspense } from 'react';
import { env } from '../../../config/env.js';
import { errorMessage } from '../../../lib/query-client.js';
import { usePaymentIntent } from '../api/create-payment-intent.js';
import { useMarkOrderPaid } from '../api/mark-order-paid.js';
import type { CardFormProps } from './card-form.js';
import { SimulatedCardForm } from './simulated-card-form.js';

// Stripe's code is downloaded only by a shop that takes real card payments.
const StripeCardForm = lazy(() => import('./stripe-card-form.js'));

function CardFieldPlaceholder() {
  return (
    <Stack spacing={2} aria-hidden="true">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={44} sx={{ borderRadius: 999 }} />
    </Stack>
  );
}

/**
 * Requests the payment intent when the page opens, shows the gateway's card field, and once the
 * provider confirms, asks the server to mark the order paid (docs/product.md §4.3).
 */
export function CheckoutPanel({
  order,
  payer,
  onPaid,
}: {
  order: Pick<Order, '_id' | 'totalPrice'>;
  payer: CardFormProps['billing'];
  onPaid: (transactionId: string) => void;
}) {
  const intent = usePaymentIntent({ orderId: order._id, totalPrice: order.totalPrice }, true);
  const markPaid = useMarkOrderPaid(order._id);
  const gateway = intent.data?.gateway ?? env.payments;

  const recordPayment = (transactionId: string) =>
    markPaid.mutate(transactionId, { onSuccess: () => onPaid(transactionId) });

  if (markPaid.isPending)
    return (
      <Stack spacing={1.5} role="status">
        <Typography>Payment received. Recording it with your order…</Typography>
        <LinearProgress color="secondary" aria-label="Recording the payment" />
      </Stack>
    );
  if (markPaid.isError)
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" onClick={() => markPaid.mutate(markPaid.variables)}>
            Try again
          </Button>
        }
      >
        Your card was charged (transaction id {markPaid.variables}), but the shop could not record
        it yet: {errorMessage(markPaid.error)}
      </Alert>
    );

  const props: CardFormProps = {
    clientSecret: intent.data?.clientSecret ?? null,
    billing: payer,
    // Answered with the intent (a guest's has none): paying asks for nothing more.
    savesCards: intent.data?.savesCards ?? false,
    savedCards: intent.data?.savedCards ?? [],
    onConfirmed: recordPayment,
  };

  return (
    <Stack spacing={2.5}>
      {intent.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void intent.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(intent.error)}
        </Alert>
      )}
      {gateway === 'simulated' ? (
        <SimulatedCardForm {...props} />
      ) : env.stripePublishableKey ? (
        <Suspense fallback={<CardFieldPlaceholder />}>
          <StripeCardForm {...props} publishableKey={env.stripePublishableKey} />
        </Suspense>
      ) : (
        <Alert severity="error">
          This shop takes card payments through Stripe, but this build has no Stripe publishable key
          (VITE_STRIPE_PUBLISHABLE_KEY).
        </Alert>
      )}
      {intent.isPending && (
        <Typography variant="body2" color="textSecondary" role="status">
          Preparing a secure payment…
        </Typography>
      )}
    </Stack>
  );
}
