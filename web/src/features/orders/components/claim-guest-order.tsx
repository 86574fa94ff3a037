/**
 * On a guest order's private-link page (docs/decisions/080): the offer to add the order to My
 * Orders, made only to an account signed in at the order's address, once that address is
 * verified; the order joins the account only when they ask, since a stranger may have typed
 * their address. Nothing for anyone else.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { guestClaimRefusal, type Order } from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useApiSignedIn, useSession } from '../../../lib/auth.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useClaimOrder } from '../api/claim-order.js';

const MyOrdersLink = () => (
  <Button component={RouterLink} to={paths.dashboard.myOrders.getHref()} color="inherit">
    My Orders
  </Button>
);

export function ClaimGuestOrder({ order, orderToken }: { order: Order; orderToken: string }) {
  const session = useSession();
  const signedIn = useApiSignedIn();
  const claim = useClaimOrder();
  if (claim.isSuccess) {
    return (
      <Alert severity="success" action={<MyOrdersLink />}>
        This order is now in My Orders.
      </Alert>
    );
  }
  if (!signedIn || !session.user?.email || !order.guest) return null;
  const refusal = guestClaimRefusal(order.email, {
    email: session.user.email,
    emailVerified: session.user.emailVerified,
  });
  // Another address's order is none of this account's business.
  if (refusal?.reason === 'otherAddress') return null;
  if (refusal) return <Alert severity="info">{refusal.message}</Alert>;
  return (
    <Alert
      severity={claim.isError ? 'error' : 'info'}
      action={
        <Button
          color="inherit"
          disabled={claim.isPending}
          onClick={() => claim.mutate({ orderId: order._id, orderToken })}
        >
          Add to My Orders
        </Button>
      }
    >
      {claim.isError
        ? errorMessage(claim.error)
        : `This order was placed with your address, ${order.email}. Add it to My Orders if it is yours.`}
    </Alert>
  );
}
