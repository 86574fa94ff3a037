/**
 * The checkout, one page in two steps: first where to deliver, the cart's lines and the order
 * total ("Place order and pay"); then, with the order placed and its stock reserved, the card
 * form. The placed order's id stays in the address (?order=), so a reload comes back to paying.
 * A visitor who is not signed in first chooses: check out as a guest with an email address, or
 * sign in (issue 25 item 7, docs/decisions/066); a guest's order is then read and paid with its
 * private link, which this tab keeps (lib/order-links.ts) and the shop mails.
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
import {
  Link as RouterLink,
  Navigate,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
import type { GuestContactInput } from '@sprocket/contract';
import { EditOutlinedIcon } from '../../components/icons/edit-outlined.js';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner.js';
import { PageSection } from '../../components/layout/page-section.js';
import { paths } from '../../config/paths.js';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice.js';
import { CartLines } from '../../features/cart/components/cart-lines.js';
import { CartLoadError } from '../../features/cart/components/cart-load-error.js';
import { useCart, useCartActions, type CartActions } from '../../features/cart/hooks/use-cart.js';
import { useCloseCartToasts } from '../../features/cart/hooks/use-cart-toasts.js';
import { removeFromBrowserCart } from '../../features/cart/api/browser-cart.js';
import { useSavedAddress } from '../../features/checkout/api/get-saved-address.js';
import { CheckoutForm } from '../../features/checkout/components/checkout-form.js';
import {
  GuestContactSummary,
  GuestOrSignIn,
} from '../../features/checkout/components/guest-or-sign-in.js';
import { useParts } from '../../features/parts/api/get-parts.js';
import type { ReturnToState } from '../../features/auth/hooks/use-return-to.js';
import { orderLinkOf } from '../../lib/order-links.js';
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

/**
 * Step one: delivery, the lines (changeable here) and "Place order and pay". A guest's cart is the
 * browser's, priced from the catalogue; they have no address book.
 */
function PlaceOrderStep({
  guest,
  onPlaced,
}: {
  guest?: GuestContactInput;
  onPlaced: (orderId: string) => void;
}) {
  const parts = useParts();
  const cart = useCart(guest ? parts.data : undefined);
  const actions = useCartActions();
  const savedAddress = useSavedAddress(!guest);
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

  if (cart.status === 'loading' || (!guest && savedAddress.isPending))
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
      guest={guest}
      savedAddress={guest ? null : (savedAddress.data?.savedAddress ?? null)}
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
      onPlaced={(orderId) => {
        onPlaced(orderId);
        // The server keeps no cart for a guest: the checked-out lines leave the browser's.
        if (cart.owner === 'visitor') {
          cart.cart.lines.forEach((line) => removeFromBrowserCart(line.partId, line.sku));
        }
      }}
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
      {orderLinkOf(orderId) && <GuestLinkMailed email={order.data.email} />}
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

/** A guest's order: where its private link went. */
function GuestLinkMailed({ email }: { email: string }) {
  return (
    <Grid size={12}>
      <Alert severity="success" sx={{ overflowWrap: 'anywhere' }}>
        We have emailed a private link to this order to <strong>{email}</strong>: it shows the order
        and lets you pay for it without an account. Keep it to yourself.
      </Alert>
    </Grid>
  );
}

function CheckoutScreen() {
  useCloseCartToasts();
  const [params, setParams] = useSearchParams();
  const orderId = params.get(ORDER_PARAM);
  const session = useSession();
  const location = useLocation();
  // A visitor's choice: their email and name as a guest, or (undefined) not made yet.
  const [guest, setGuest] = useState<GuestContactInput>();
  const [changingGuest, setChangingGuest] = useState(false);
  const placeStep = () => {
    const onPlaced = (id: string) => setParams({ [ORDER_PARAM]: id }, { replace: true });
    if (session.status === 'loading') return <FullScreenSpinner label="Loading your cart" />;
    if (session.status === 'signedIn') return <PlaceOrderStep onPlaced={onPlaced} />;
    if (!guest || changingGuest) {
      const returnHere: ReturnToState = { from: location };
      return (
        <GuestOrSignIn
          initial={guest}
          onGuest={(contact) => {
            setGuest(contact);
            setChangingGuest(false);
          }}
          signInLink={
            <Button
              component={RouterLink}
              to={paths.login.getHref()}
              state={returnHere}
              variant="outlined"
              fullWidth
            >
              Sign in
            </Button>
          }
        />
      );
    }
    return (
      <>
        <GuestContactSummary contact={guest} onChange={() => setChangingGuest(true)} />
        <PlaceOrderStep guest={guest} onPlaced={onPlaced} />
      </>
    );
  };
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
      {orderId ? <PayStep key={orderId} orderId={orderId} /> : placeStep()}
    </PageSection>
  );
}

/** Everyone: a customer as before, a visitor as a guest or after signing in. */
export default function CheckoutRoute() {
  usePageTitle('Checkout');
  return <CheckoutScreen />;
}
