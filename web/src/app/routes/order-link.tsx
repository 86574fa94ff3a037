/**
 * One order's page for whoever holds its private link (issue 25 item 7, docs/decisions/066): a
 * guest opens it from the confirmation mail (`/checkout/order/{id}#token=…`) without an account,
 * sees the order's status, lines, delivery and timeline, and pays it while it is unpaid. The
 * token is kept for this tab (lib/order-links.ts) and taken out of the address bar; the API opens
 * this one order with it and nothing else. Signed in at the order's verified address, the page
 * offers to add it to My Orders (docs/decisions/080).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canPay,
  effectiveCancelReason,
  effectiveStatus,
  isPaid,
  orderMessages,
  orderNumber,
} from '@sprocket/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner.js';
import { PageSection } from '../../components/layout/page-section.js';
import { paths } from '../../config/paths.js';
import { ClaimGuestOrder } from '../../features/orders/components/claim-guest-order.js';
import { OrderLines } from '../../features/orders/components/order-lines.js';
import { OrderStatusChip } from '../../features/orders/components/order-status.js';
import { OrderTimeline } from '../../features/orders/components/order-timeline.js';
import { canAskReturn, OrderReturns } from '../../features/orders/components/order-returns.js';
import { ShipmentLine } from '../../features/orders/components/track-parcel.js';
import { CheckoutPanel } from '../../features/payments/components/checkout-panel.js';
import { formatDateTime, formatDeadline } from '../../lib/format-time.js';
import { orderLinkOf, rememberOrderLink, tokenOfFragment } from '../../lib/order-links.js';
import { useOrder } from '../../lib/order-query.js';
import { errorMessage } from '../../lib/query-client.js';
import { useNow } from '../../lib/use-now.js';
import { usePageTitle } from '../../lib/use-page-title.js';

/** A card of the page with its h2. */
function LinkSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function OrderByLink({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const navigate = useNavigate();
  const now = useNow();

  if (order.isPending) return <FullScreenSpinner label="Loading the order" />;
  if (order.isError)
    return (
      <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
        {errorMessage(order.error)}
      </Alert>
    );
  const placed = order.data;
  const orderToken = orderLinkOf(orderId);
  const payable = canPay(placed, now);
  const status = effectiveStatus(placed, now);
  return (
    <Grid container spacing={{ xs: 2.5, md: 3 }}>
      <Grid size={{ xs: 12, md: payable ? 7 : 12 }}>
        <Stack spacing={{ xs: 2.5, md: 3 }}>
          {orderToken && <ClaimGuestOrder order={placed} orderToken={orderToken} />}
          <Card component="section" aria-labelledby="order-items-title">
            <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography id="order-items-title" variant="h6" component="h2">
                  Items
                </Typography>
                <OrderStatusChip status={status} />
              </Stack>
              <Typography
                variant="body2"
                color="textSecondary"
                sx={{ mb: 1.5, overflowWrap: 'anywhere' }}
              >
                Order number <strong data-testid="order-number">{orderNumber(placed._id)}</strong>,
                placed {formatDateTime(placed.createdAt)}
              </Typography>
              <OrderLines lines={placed.lines} amounts={placed} />
              {status === 'cancelled' && (
                <Alert severity="info" sx={{ mt: 2 }}>
                  {effectiveCancelReason(placed, now) === 'expired'
                    ? orderMessages.expired
                    : orderMessages.cancelled}
                </Alert>
              )}
              {isPaid(placed) && (
                <Alert severity="success" sx={{ mt: 2 }}>
                  This order is paid.
                </Alert>
              )}
            </CardContent>
          </Card>
          <LinkSection id="order-delivery-title" title="Delivery">
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {placed.userName}, {placed.address}, phone {placed.number}
            </Typography>
            {placed.shipment && (
              <Typography color="textSecondary" component="div" sx={{ mt: 1 }}>
                <ShipmentLine shipment={placed.shipment} />
              </Typography>
            )}
          </LinkSection>
          {((placed.returns ?? []).length > 0 || canAskReturn(placed, now)) && (
            <LinkSection id="order-returns-title" title="Returns">
              <OrderReturns order={placed} viewer="customer" now={now} />
            </LinkSection>
          )}
          <LinkSection id="order-timeline-title" title="Timeline">
            <OrderTimeline entries={placed.timeline} viewer="customer" />
          </LinkSection>
        </Stack>
      </Grid>
      {payable && (
        <Grid size={{ xs: 12, md: 5 }}>
          <Card component="section" aria-labelledby="order-payment-title">
            <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
              <Typography id="order-payment-title" variant="h6" component="h2" sx={{ mb: 2 }}>
                Card payment
              </Typography>
              {placed.expiresAt && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  Pay by {formatDeadline(placed.expiresAt, now)}: the parts are held for you until
                  then.
                </Alert>
              )}
              <CheckoutPanel
                order={placed}
                payer={{ name: placed.userName, email: placed.email }}
                onPaid={() =>
                  void navigate(paths.orderConfirmation.getHref(placed._id), { replace: true })
                }
              />
            </CardContent>
          </Card>
        </Grid>
      )}
    </Grid>
  );
}

export default function OrderLinkRoute() {
  usePageTitle('Your order');
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The mailed link's token is kept for this tab before the order is read.
  const [held] = useState(() => {
    const token = tokenOfFragment(location.hash);
    if (token) rememberOrderLink(id, token);
    return token !== undefined || orderLinkOf(id) !== undefined;
  });
  // Then it leaves the address bar, so a copied address or a screenshot does not carry it.
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname }, { replace: true });
  }, [location.hash, location.pathname, navigate]);

  return (
    <PageSection>
      <Stack spacing={1} sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="h3" component="h1">
          Your order
        </Typography>
        <Typography color="textSecondary">
          This page opens with the private link we emailed you; keep it to yourself.
        </Typography>
      </Stack>
      {held ? (
        <OrderByLink orderId={id} />
      ) : (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.dashboard.myOrders.getHref()} color="inherit">
              My Orders
            </Button>
          }
        >
          Open this page with the link in your order's email, or find the order under My Orders once
          you are signed in.
        </Alert>
      )}
    </PageSection>
  );
}
