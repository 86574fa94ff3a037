import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isPaid, orderNumber } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { CheckCircleOutlinedIcon } from '../../../components/icons/check-circle-outlined.js';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { paths } from '../../../config/paths.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useOrder } from '../../../lib/order-query.js';
import { OrderLines } from './order-lines.js';

/** What happens to a paid order from here (docs/product.md §4.1). */
const NEXT_STEPS = [
  'A receipt is on its way to your email address.',
  'Our workshop packs your parts and hands them to the carrier.',
  'When they leave, we email you the carrier and the tracking number.',
  'You can follow every step on the order’s page under My Orders.',
];

/** A guest's: the order's page is the private link we mailed them. */
const GUEST_NEXT_STEPS = [
  ...NEXT_STEPS.slice(0, 3),
  'You can follow every step on the order’s page, through the private link we emailed you. Sign up with the same address and verify it to see the order under My Orders too.',
];

/**
 * After a checkout's payment: thanks, the order number, its lines and total, and what happens
 * next, with the way to the order's timeline.
 */
export function OrderConfirmation({
  orderId,
  guest = false,
}: {
  orderId: string;
  /** A guest's order (docs/decisions/066): followed through its private link, not My Orders. */
  guest?: boolean;
}) {
  const order = useOrder(orderId);
  // Nothing sits over the confirmation: the toasts of the way here ("Added to cart, Successfully"
  // from the purchase page) have said what they had to (issue 35).
  const { closeSnackbar } = useSnackbar();
  useEffect(() => closeSnackbar(), [closeSnackbar]);
  if (order.isPending) return <FullScreenSpinner label="Loading the order" />;
  if (order.isError) return <Alert severity="error">{errorMessage(order.error)}</Alert>;
  const paid = isPaid(order.data);
  return (
    <Card sx={{ maxWidth: 760, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start', mb: 3 }}>
          <CheckCircleOutlinedIcon color="success" sx={{ fontSize: 48 }} />
          {/* Announced when it turns to paid; the status wraps the h1 so it stays a heading. */}
          <Box role="status">
            <Typography variant="h4" component="h1">
              {paid ? 'Thank you! Your order is paid.' : 'Thank you! Your order is placed.'}
            </Typography>
          </Box>
          <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            Order number{' '}
            <Box component="strong" data-testid="order-number" sx={{ color: 'text.primary' }}>
              {orderNumber(order.data._id)}
            </Box>
          </Typography>
        </Stack>
        <OrderLines lines={order.data.lines} amounts={order.data} />
        <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
          What happens next
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 2.5, color: 'text.secondary', '& li': { mb: 0.5 } }}>
          {(guest ? GUEST_NEXT_STEPS : NEXT_STEPS).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
          <Button
            variant="contained"
            component={RouterLink}
            to={
              guest
                ? paths.orderLink.getHref(order.data._id)
                : paths.dashboard.order.getHref(order.data._id)
            }
          >
            Order details and timeline
          </Button>
          <Button variant="outlined" component={RouterLink} to={paths.parts.getHref()}>
            Continue shopping
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
