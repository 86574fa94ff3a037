import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  canCancel,
  canDeliver,
  canMarkDelivered,
  canPay,
  canRefund,
  canShip,
  effectiveStatus,
  orderNumber,
  refundedSoFar,
  type Order,
} from '@sprocket/contract';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { OrderNotShown } from '../../../components/feedback/order-not-shown.js';
import { BackButton } from '../../../components/layout/back-button.js';
import { PaymentIcon } from '../../../components/icons/payment.js';
import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { formatPrice } from '../../../lib/money.js';
import { useNow } from '../../../lib/use-now.js';
import { useOrder } from '../../../lib/order-query.js';
import { AdminOrderActions } from './admin-order-actions.js';
import { CancelOrderDialog } from './cancel-order-dialog.js';
import { OrderLines } from './order-lines.js';
import { canAskReturn, OrderReturns } from './order-returns.js';
import { CancelledNote, HoldDeadline, OrderStatusChip } from './order-status.js';
import { OrderTimeline } from './order-timeline.js';
import { TrackParcelLink } from './track-parcel.js';

/** A country's English name ("United States" for US), as the checkout listed it. */
const countryName = (code: string) =>
  new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;

export type OrderViewer = 'customer' | 'admin';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A label over its value, for the order's facts. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The customer's next steps: Pay while the hold lasts, and Cancel while unpaid. */
function CustomerActions({ order, now }: { order: Order; now: Date }) {
  const [cancelOpen, setCancelOpen] = useState(false);
  if (!canPay(order, now)) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Button
        variant="contained"
        color="secondary"
        startIcon={<PaymentIcon />}
        component={RouterLink}
        to={paths.dashboard.payment.getHref(order._id)}
      >
        Pay
      </Button>
      {canCancel(order) && (
        <Button variant="outlined" color="error" onClick={() => setCancelOpen(true)}>
          Cancel order
        </Button>
      )}
      <HoldDeadline order={order} now={now} wording="customer" />
      <CancelOrderDialog order={order} open={cancelOpen} onClose={() => setCancelOpen(false)} />
    </Stack>
  );
}

/** Whether an admin has a next step for the order (the contract's rules). */
const adminCanAct = (order: Order, now: Date) =>
  canDeliver(order) ||
  canShip(order) ||
  canMarkDelivered(order) ||
  canRefund(order) ||
  (canCancel(order) && effectiveStatus(order, now) !== 'cancelled');

/** The provider's dispute statuses in words. */
const disputeStatus = (status: string) =>
  ({
    needs_response: 'Needs a response',
    under_review: 'Under review',
    warning_needs_response: 'Inquiry: needs a response',
    warning_under_review: 'Inquiry under review',
    warning_closed: 'Inquiry closed',
    won: 'Won',
    lost: 'Lost',
    prevented: 'Prevented',
  })[status] ?? status.replaceAll('_', ' ');

/**
 * The cardholder's dispute of the payment (a chargeback), flagged on the order: its reason and
 * amount, where it stands, and how it ended (docs/decisions/069).
 */
function DisputeSection({ dispute }: { dispute: NonNullable<Order['dispute']> }) {
  const closed = dispute.closedAt !== undefined;
  const severity = !closed ? 'warning' : dispute.status === 'lost' ? 'error' : 'success';
  return (
    <Section title="Dispute">
      <Alert severity={severity} data-testid="order-dispute">
        <AlertTitle>
          {closed ? `Dispute closed: ${disputeStatus(dispute.status)}` : 'Payment disputed'}
        </AlertTitle>
        {formatPrice(dispute.amount)}, reason: {dispute.reason.replaceAll('_', ' ')}. Opened{' '}
        {formatDateTime(dispute.openedAt)}
        {closed
          ? `, closed ${formatDateTime(dispute.closedAt ?? dispute.openedAt)}.`
          : `. ${disputeStatus(dispute.status)}: answer it from the payment provider's dashboard.`}
      </Alert>
    </Section>
  );
}

/** Every refund of the order, and how much of the payment went back in all. */
function Refunds({ order }: { order: Order }) {
  const refunds = order.refunds ?? (order.refund ? [order.refund] : []);
  if (refunds.length === 0) return null;
  const refunded = refundedSoFar(order);
  const partly = refunded < order.totalPrice;
  return (
    <Fact label={partly ? 'Partly refunded' : 'Refunded'}>
      <Box component="span" data-testid="order-refunded">
        {formatPrice(refunded)}
        {partly && ` of ${formatPrice(order.totalPrice)}`}
      </Box>
      {refunds.map((one) => (
        <Typography key={one.refundId} variant="body2" color="textSecondary">
          {refunds.length > 1 || partly ? `${formatPrice(one.amount)} on ` : 'On '}
          {formatDateTime(one.refundedAt)}
          {one.by === 'gateway' && ', at the payment provider'}
          {one.lines && one.lines.length > 0 && (
            <>
              {' '}
              (
              {one.lines
                .map(({ line, quantity }) => `${quantity} × ${order.lines[line]?.partName ?? '?'}`)
                .join(', ')}
              )
            </>
          )}
          {'. '}
          {one.restocked
            ? 'The parts went back into stock.'
            : 'The parts did not go back into stock.'}
        </Typography>
      ))}
    </Fact>
  );
}

function Details({ order, viewer, now }: { order: Order; viewer: OrderViewer; now: Date }) {
  const status = effectiveStatus(order, now);
  // The shopper may pay again after a declined card: the last failure shows while it is unpaid.
  const failedAttempt = status === 'unpaid' ? order.paymentFailure : undefined;
  const theme = useTheme();
  // On phones the next step comes first, right under the status; beside the lines otherwise.
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const nextSteps =
    viewer === 'customer'
      ? canPay(order, now) && (
          <Section title="What to do">
            <CustomerActions order={order} now={now} />
          </Section>
        )
      : adminCanAct(order, now) && (
          <Section title="Actions">
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <AdminOrderActions order={order} now={now} />
              <HoldDeadline order={order} now={now} wording="admin" />
            </Stack>
          </Section>
        );
  return (
    <Grid container spacing={{ xs: 2.5, md: 3 }} sx={{ maxWidth: 1100 }}>
      <Grid size={12}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 2 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" color="textSecondary">
              Order number
            </Typography>
            <Typography
              variant="h6"
              component="p"
              data-testid="order-number"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            >
              {orderNumber(order._id)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              Placed {formatDateTime(order.createdAt)}
            </Typography>
          </Box>
          <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
            <Box data-testid="order-status">
              <OrderStatusChip status={status} size="medium" />
            </Box>
            <CancelledNote order={order} now={now} />
          </Stack>
        </Stack>
      </Grid>
      {narrow && nextSteps && <Grid size={12}>{nextSteps}</Grid>}
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={{ xs: 2.5, md: 3 }}>
          <Section title="Items">
            <OrderLines lines={order.lines} amounts={order} />
          </Section>
          <Section title="Timeline">
            <OrderTimeline entries={order.timeline} viewer={viewer} />
          </Section>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={{ xs: 2.5, md: 3 }}>
          {!narrow && nextSteps}
          <Section title="Delivery">
            <Stack spacing={1.5}>
              <Fact label="To">
                {order.userName}
                {viewer === 'admin' && (
                  <Typography variant="body2" color="textSecondary">
                    {order.email}
                  </Typography>
                )}
              </Fact>
              <Fact label="Address">
                {[order.address, order.region, order.country && countryName(order.country)]
                  .filter(Boolean)
                  .join(', ')}
              </Fact>
              <Fact label="Phone">{order.number}</Fact>
              {order.shipment && (
                <>
                  <Fact label="Carrier">{order.shipment.carrier}</Fact>
                  <Fact label="Tracking number">
                    <Box component="span" data-testid="tracking-number" sx={{ fontWeight: 700 }}>
                      {order.shipment.trackingNumber}
                    </Box>
                    <Box>
                      <TrackParcelLink shipment={order.shipment} />
                    </Box>
                  </Fact>
                  <Fact label="Shipped">{formatDateTime(order.shipment.shippedAt)}</Fact>
                </>
              )}
            </Stack>
          </Section>
          {((order.returns ?? []).length > 0 ||
            (viewer === 'customer' && canAskReturn(order, now))) && (
            <Section title="Returns">
              <OrderReturns order={order} viewer={viewer} now={now} />
            </Section>
          )}
          {/* The shop's business with the card network: the admins see it, not the customer. */}
          {viewer === 'admin' && order.dispute && <DisputeSection dispute={order.dispute} />}
          {(order.transactionId || order.refund || failedAttempt) && (
            <Section title="Payment">
              <Stack spacing={1.5}>
                {order.transactionId && (
                  <Fact label="Transaction id">
                    <Box component="code" sx={{ fontSize: 13 }}>
                      {order.transactionId}
                    </Box>
                  </Fact>
                )}
                {failedAttempt && (
                  <Fact label="Last attempt to pay">
                    <Box component="span" data-testid="payment-failure">
                      {failedAttempt.message}
                    </Box>
                    <Typography variant="body2" color="textSecondary">
                      {formatDateTime(failedAttempt.at)}
                      {viewer === 'customer' && ': try again with Pay'}
                    </Typography>
                  </Fact>
                )}
                <Refunds order={order} />
              </Stack>
            </Section>
          )}
        </Stack>
      </Grid>
    </Grid>
  );
}

/**
 * One order for its customer or an admin: status, lines and total, delivery and shipping, the
 * payment, the timeline of every change, and the next steps the viewer may take.
 */
export function OrderDetail({ orderId, viewer }: { orderId: string; viewer: OrderViewer }) {
  const order = useOrder(orderId);
  const now = useNow();
  const back =
    viewer === 'admin' ? (
      <BackButton to={paths.dashboard.orders.getHref()}>Manage All Orders</BackButton>
    ) : (
      <BackButton to={paths.dashboard.myOrders.getHref()}>My Orders</BackButton>
    );

  if (order.isPending || order.isError) return <OrderNotShown order={order} back={back} />;
  return (
    <Stack spacing={2}>
      <Box>{back}</Box>
      <Details order={order.data} viewer={viewer} now={now} />
    </Stack>
  );
}
