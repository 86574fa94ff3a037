/**
 * The checkout, one page and one step (docs/decisions/087): the wallets above the address, where
 * to deliver, the cart's lines, the order total, the card fields and "Place order and pay", which
 * places the order and pays it in one go. The placed order's id then stays in the address
 * (?order=), so a refused card, or a reload, comes back to paying that order; the purchase page
 * sends its placed order here too. A visitor who is not signed in first chooses: check out as a
 * guest with an email address, or sign in (issue 25 item 7, docs/decisions/066); a guest's order
 * is then read and paid with its private link, which this tab keeps (lib/order-links.ts) and the
 * shop mails. This screen composes the cart, the checkout, the orders and the payments features.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canPay,
  effectiveCancelReason,
  isPaid,
  orderMessages,
  type Cart,
  type GuestContactInput,
  type Order,
} from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Link as RouterLink,
  Navigate,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { EditOutlinedIcon } from '../../components/icons/edit-outlined.js';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner.js';
import { PageSection } from '../../components/layout/page-section.js';
import { CHECKOUT_ORDER_PARAM, paths } from '../../config/paths.js';
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
import { orderQueryOptions, useOrder } from '../../lib/order-query.js';
import { OrderLines } from '../../features/orders/components/order-lines.js';
import { CheckoutPaymentProvider } from '../../features/payments/components/checkout-payment.js';
import { useSession } from '../../lib/auth.js';
import { errorMessage } from '../../lib/query-client.js';
import { useNow } from '../../lib/use-now.js';
import { usePageTitle } from '../../lib/use-page-title.js';

const backToCart = (
  <Button component={RouterLink} to={paths.cart.getHref()} color="inherit">
    Your cart
  </Button>
);

/**
 * The checkout's one step (docs/decisions/087): the cart's lines until the order is placed, then
 * that order (the address names it, so a reload comes back to paying it), with the payment fields
 * and wallets on the same page throughout. Both render the same tree, so a card typed before a
 * refusal is still there after it. A guest's cart is the browser's, priced from the catalogue;
 * they have no address book.
 */
function CheckoutStep({
  orderId,
  guest,
  onPlaced,
}: {
  orderId: string | null;
  guest?: GuestContactInput;
  onPlaced: (orderId: string) => void;
}) {
  const { user, status } = useSession();
  const signedIn = status === 'signedIn';
  const navigate = useNavigate();
  const now = useNow();
  const parts = useParts();
  const cart = useCart(guest ? parts.data : undefined);
  const actions = useCartActions();
  // The order placed here, before the address names it: the page turns to it at once, so the
  // cart emptying as the order takes its lines never shows in between.
  const [placedHere, setPlacedHere] = useState<string | null>(null);
  const placedId = orderId ?? placedHere;
  const savedAddress = useSavedAddress(signedIn && !placedId);
  const order = useQuery({ ...orderQueryOptions(placedId ?? ''), enabled: placedId !== null });
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

  let source: { cart: Cart; placed?: undefined } | { cart?: undefined; placed: Order };
  if (placedId) {
    if (order.isPending) return <FullScreenSpinner label="Loading the order" />;
    if (order.isError)
      return (
        <Alert severity="error" action={backToCart}>
          {errorMessage(order.error)}
        </Alert>
      );
    if (isPaid(order.data))
      return <Navigate to={paths.orderConfirmation.getHref(placedId)} replace />;
    if (!canPay(order.data, now))
      return (
        <Alert severity="info" action={backToCart}>
          {effectiveCancelReason(order.data, now) === 'expired'
            ? orderMessages.expired
            : orderMessages.cancelled}
        </Alert>
      );
    source = { placed: order.data };
  } else {
    if (cart.status === 'loading' || savedAddress.isLoading)
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
    source = { cart: cart.cart };
  }
  const { placed } = source;
  const address = savedAddress.data?.savedAddress ?? null;
  const billing = {
    name: user?.displayName || placed?.userName || guest?.name || address?.name || '',
    email: user?.email ?? placed?.email ?? guest?.email ?? '',
  };

  return (
    <CheckoutPaymentProvider
      billing={billing}
      signedIn={signedIn}
      amount={placed ? placed.totalPrice : source.cart.subtotal}
    >
      {(payment) => (
        <CheckoutForm
          {...source}
          guest={guest}
          savedAddress={guest ? null : address}
          payment={payment}
          lines={
            placed ? (
              <OrderLines lines={placed.lines} />
            ) : (
              <CartLines
                lines={source.cart.lines}
                actions={fixingActions}
                problems={problems}
                framed={false}
              />
            )
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
          onPlaced={(placedOrder) => {
            setPlacedHere(placedOrder._id);
            onPlaced(placedOrder._id);
            // The server keeps no cart for a guest: the checked-out lines leave the browser's.
            if (cart.status === 'ready' && cart.owner === 'visitor') {
              placedOrder.lines.forEach((line) => removeFromBrowserCart(line.partId, line.sku));
            }
          }}
          onPaid={(paidId) =>
            void navigate(paths.orderConfirmation.getHref(paidId), { replace: true })
          }
          onRefused={setProblems}
        />
      )}
    </CheckoutPaymentProvider>
  );
}

/** A guest's order: where its private link went. */
function GuestLinkMailed({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (!order.data) return null;
  return (
    <Alert severity="success" sx={{ overflowWrap: 'anywhere', mb: { xs: 2.5, md: 3 } }}>
      We have emailed a private link to this order to <strong>{order.data.email}</strong>: it shows
      the order and lets you pay for it without an account. Keep it to yourself.
    </Alert>
  );
}

function CheckoutScreen() {
  useCloseCartToasts();
  const [params, setParams] = useSearchParams();
  const orderId = params.get(CHECKOUT_ORDER_PARAM);
  const session = useSession();
  const location = useLocation();
  // A visitor's choice: their email and name as a guest, or (undefined) not made yet.
  const [guest, setGuest] = useState<GuestContactInput>();
  const [changingGuest, setChangingGuest] = useState(false);
  const onPlaced = (id: string) => setParams({ [CHECKOUT_ORDER_PARAM]: id }, { replace: true });

  const body = () => {
    // A placed order is paid by whoever may open it: its customer, or the holder of its link.
    if (!orderId) {
      if (session.status === 'loading') return <FullScreenSpinner label="Loading your cart" />;
      if (session.status !== 'signedIn' && (!guest || changingGuest)) {
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
    }
    const banner = orderId
      ? orderLinkOf(orderId) && <GuestLinkMailed orderId={orderId} />
      : guest &&
        session.status !== 'signedIn' && (
          <GuestContactSummary contact={guest} onChange={() => setChangingGuest(true)} />
        );
    // The same two children whatever the banner, so the step is not mounted again when the
    // order is placed.
    return (
      <>
        {banner}
        <CheckoutStep
          orderId={orderId}
          guest={session.status === 'signedIn' ? undefined : guest}
          onPlaced={onPlaced}
        />
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
        <Typography color="textSecondary">
          {orderId
            ? 'Your order is placed and its parts are reserved. Pay to complete it.'
            : 'Check where the parts go and what is in your cart, then pay on this page.'}
        </Typography>
      </Stack>
      {body()}
    </PageSection>
  );
}

/** Everyone: a customer as before, a visitor as a guest or after signing in. */
export default function CheckoutRoute() {
  usePageTitle('Checkout');
  return <CheckoutScreen />;
}
