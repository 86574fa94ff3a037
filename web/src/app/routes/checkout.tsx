/**
 * The checkout, one page in two steps: first where to deliver, the cart's lines and the order
 * total ("Place order and pay"); then, with the order placed and its stock reserved, the card
 * form. The placed order's id stays in the address (?order=), so a reload comes back to paying.
 * This screen composes the cart, the checkout, the orders and the payments features.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canPay, effectiveCancelReason, isPaid, orderMessages } from '@sprocket/contract';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { EditOutlinedIcon } from '../../components/icons/edit-outlined.js';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner.js';
import { PageSection } from '../../components/layout/page-section.js';
import { paths } from '../../config/paths.js';
import { RequireAuth } from '../../features/auth/components/require-auth.js';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice.js';
import { CartLines } from '../../features/cart/components/cart-lines.js';
import { CartLoadError } from '../../features/cart/components/cart-load-error.js';
import { useCart, useCartActions, type CartActions } from '../../features/cart/hooks/use-cart.js';
import { useCloseCartToasts } from '../../features/cart/hooks/use-cart-toasts.js';
import { useSavedAddress } from '../../features/checkout/api/get-saved-address.js';
import { CheckoutForm } from '../../features/checkout/components/checkout-form.js';
import { useOrder } from '../../lib/order-query.js';
import { OrderLines } from '../../features/orders/components/order-lines.js';
import { CheckoutPanel } from '../../features/payments/components/checkout-panel.js';
import { useSession } from '../../lib/auth.js';
import { formatDeadline } from '../../lib/format-time.js';
import { errorMessage } from '../../lib/query-client.js';
import { useNow } from '../../lib/use-now.js';
import { usePageTitle } from '../../lib/use-page-title.js';

const ORDER_PARAM = 'order';

const backToCart = (
  <Button component={RouterLink} to={paths.cart.getHref()} color="inherit">
    Your cart
  </Button>
);

/** Step one: delivery, the lines (changeable here) and "Place order and pay". */
function PlaceOrderStep({ onPlaced }: { onPlaced: (orderId: string) => void }) {
  const cart = useCart(undefined);
  const actions = useCartActions();
  const savedAddress = useSavedAddress();
  // A refused checkout's messages by part id, until the customer changes that line.
  const [problems, setProblems] = useState<Record<string, string>>({});
  const forget = (partId: string) => setProblems(({ [partId]: _fixed, ...rest }) => rest);
  const fixingActions: CartActions = {
    ...actions,
    setQuantity: (partId, quantity) => {
      forget(partId);
      return actions.setQuantity(partId, quantity);
    },
    remove: (partId) => {
      forget(partId);
      return actions.remove(partId);
    },
  };

  if (cart.status === 'loading' || savedAddress.isPending)
    return <FullScreenSpinner label="Loading your cart" />;
  if (cart.status === 'error') return <CartLoadError state={cart} />;
  if (cart.cart.lines.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>Your cart is empty: there is nothing to check out.</Typography>
        <Button component={RouterLink} to={paths.parts.getHref()} variant="contained">
          Browse all parts
        </Button>
      </Paper>
    );

  return (
    <CheckoutForm
      cart={cart.cart}
      savedAddress={savedAddress.data?.savedAddress ?? null}
      lines={
        <CartLines
          lines={cart.cart.lines}
          actions={fixingActions}
          problems={problems}
          framed={false}
        />
      }
      editCartLink={
        <Button
          component={RouterLink}
          to={paths.cart.getHref()}
          size="small"
          startIcon={<EditOutlinedIcon />}
        >
          Edit cart
        </Button>
      }
      onPlaced={onPlaced}
      onRefused={setProblems}
    />
  );
}

/** Step two: the placed order and the card form; once paid, on to the confirmation. */
function PayStep({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const navigate = useNavigate();
  const now = useNow();
  const { user } = useSession();
  const confirmation = paths.orderConfirmation.getHref(orderId);

  if (order.isPending) return <FullScreenSpinner label="Loading the order" />;
  if (order.isError)
    return (
      <Alert severity="error" action={backToCart}>
        {errorMessage(order.error)}
      </Alert>
    );
  if (isPaid(order.data)) return <Navigate to={confirmation} replace />;
  if (!canPay(order.data, now))
    return (
      <Alert severity="info" action={backToCart}>
        {effectiveCancelReason(order.data, now) === 'expired'
          ? orderMessages.expired
          : orderMessages.cancelled}
      </Alert>
    );

  const payer = { name: user?.displayName || order.data.userName, email: order.data.email };
  return (
    <Grid container spacing={{ xs: 2.5, md: 3 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card component="section" aria-label="Your order">
          <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
            <Typography variant="h6" component="h2">
              Your order
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mb: 1.5, overflowWrap: 'anywhere' }}
            >
              Order number <strong data-testid="order-number">{order.data._id}</strong>, to{' '}
              {order.data.address}
            </Typography>
            <OrderLines lines={order.data.lines} amounts={order.data} />
            {order.data.expiresAt && (
              <Alert severity="info" sx={{ mt: 2 }}>
                Pay by {formatDeadline(order.data.expiresAt, now)}: the parts are held for you until
                then.
              </Alert>
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card component="section" aria-label="Card payment">
          <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Card payment
            </Typography>
            <CheckoutPanel
              order={order.data}
              payer={payer}
              onPaid={() => void navigate(confirmation, { replace: true })}
            />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

function CheckoutScreen() {
  useCloseCartToasts();
  const [params, setParams] = useSearchParams();
  const orderId = params.get(ORDER_PARAM);
  return (
    <PageSection>
      <VerifyEmailNotice />
      <Stack spacing={1} sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="h3" component="h1">
          Checkout
        </Typography>
        <Typography color="text.secondary">
          {orderId
            ? 'Your order is placed and its parts are reserved. Pay by card to complete it.'
            : 'Check where the parts go and what is in your cart, then pay on this page.'}
        </Typography>
      </Stack>
      {orderId ? (
        <PayStep key={orderId} orderId={orderId} />
      ) : (
        <PlaceOrderStep onPlaced={(id) => setParams({ [ORDER_PARAM]: id }, { replace: true })} />
      )}
    </PageSection>
  );
}

export default function CheckoutRoute() {
  usePageTitle('Checkout');
  return (
    <RequireAuth>
      <CheckoutScreen />
    </RequireAuth>
  );
}
