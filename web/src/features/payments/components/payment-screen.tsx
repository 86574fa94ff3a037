import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canPay,
  effectiveCancelReason,
  isPaid,
  orderMessages,
  type Order,
} from '@sprocket/contract';
import { useEffect, useRef, useState } from 'react';
import { OrderNotShown } from '../../../components/feedback/order-not-shown.js';
import { BackButton } from '../../../components/layout/back-button.js';
import { CheckCircleOutlinedIcon } from '../../../components/icons/check-circle-outlined.js';
import { paths } from '../../../config/paths.js';
import { formatDeadline } from '../../../lib/format-time.js';
import { formatPrice } from '../../../lib/money.js';
import { useNow } from '../../../lib/use-now.js';
import { useOrder } from '../../../lib/order-query.js';
import { CheckoutPanel } from './checkout-panel.js';
import { PartImage } from '../../../components/data/part-image.js';

export interface Payer {
  name: string;
  email: string;
}

const backToOrders = <BackButton to={paths.dashboard.myOrders.getHref()}>My Orders</BackButton>;

function TransactionLine({ id }: { id: string }) {
  return (
    <Typography sx={{ overflowWrap: 'anywhere' }}>
      Your transaction id:{' '}
      <Box component="code" data-testid="transaction-id" sx={{ fontWeight: 700 }}>
        {id}
      </Box>
    </Typography>
  );
}

function Done({
  transactionId,
  justPaid,
}: {
  transactionId: string | undefined;
  justPaid: boolean;
}) {
  // On a phone Pay sits far down the page: the message replacing it would be off screen above
  // (issue 26), so it is brought into view and focused for screen readers.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!justPaid || !card.current) return;
    card.current.scrollIntoView?.({ block: 'center' });
    card.current.focus({ preventScroll: true });
  }, [justPaid]);
  return (
    <Card ref={card} tabIndex={-1} sx={{ maxWidth: 640, outline: 'none' }}>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <CheckCircleOutlinedIcon color="success" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="p" role="status" sx={{ color: 'success.main' }}>
            {justPaid ? 'Congrats! Your payment is completed.' : 'This order is already paid.'}
          </Typography>
          {transactionId && <TransactionLine id={transactionId} />}
          {backToOrders}
        </Stack>
      </CardContent>
    </Card>
  );
}

function OrderSummary({ order, payer, now }: { order: Order; payer: Payer; now: Date }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography variant="overline" sx={{ color: 'secondary.dark' }}>
          Hello, {payer.name}
        </Typography>
        <Typography variant="h5" component="p" sx={{ mt: 0.5 }}>
          Please Pay for{' '}
          <Box component="span" sx={{ color: 'primary.main' }}>
            {order.partName}
          </Box>
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 3 }}>
          <PartImage
            src={order.img}
            alt=""
            sx={{ width: 72, height: 72, borderRadius: 2, flexShrink: 0 }}
          />
          <Box>
            <Typography>
              Quantity: <strong>{order.orderQuantity}</strong>
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {formatPrice(order.price)} each
            </Typography>
          </Box>
        </Stack>
        <Divider sx={{ my: 3 }} />
        <Typography variant="h4" component="p" data-testid="amount-due">
          Please pay: {formatPrice(order.totalPrice)}
        </Typography>
        {order.expiresAt && (
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            Pay by {formatDeadline(order.expiresAt, now)}: the parts are held for you until then.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The payment page (docs/product.md §2.13, §4.3): the order to pay and the card field. */
export function PaymentScreen({ orderId, payer }: { orderId: string; payer: Payer }) {
  const order = useOrder(orderId);
  const [paidWith, setPaidWith] = useState<string | null>(null);
  const now = useNow();

  if (paidWith) return <Done transactionId={paidWith} justPaid />;
  if (order.isPending || order.isError) return <OrderNotShown order={order} back={backToOrders} />;
  if (isPaid(order.data)) return <Done transactionId={order.data.transactionId} justPaid={false} />;
  if (!canPay(order.data, now))
    return (
      <Alert severity="info" action={backToOrders} sx={{ maxWidth: 640 }}>
        {effectiveCancelReason(order.data, now) === 'expired'
          ? orderMessages.expired
          : orderMessages.cancelled}
      </Alert>
    );

  return (
    <Grid container spacing={{ xs: 2.5, md: 4 }} sx={{ maxWidth: 1100 }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <OrderSummary order={order.data} payer={payer} now={now} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Card payment
            </Typography>
            <CheckoutPanel order={order.data} payer={payer} onPaid={setPaidWith} />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
