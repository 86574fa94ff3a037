import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cheapestShipping, priceLines, type Cart, type Part } from '@sprocket/contract';
import { Link as RouterLink } from 'react-router';
import { ArrowForwardIcon } from '../../../components/icons/arrow-forward.js';
import { ShoppingCartOutlinedIcon } from '../../../components/icons/shopping-cart-outlined.js';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { paths } from '../../../config/paths.js';
import { formatPrice } from '../../../lib/money.js';
import { browserCountry } from '../../../lib/browser-country.js';
import { useShippingMethods } from '../../../lib/shipping-methods-query.js';
import { useCart, useCartActions } from '../hooks/use-cart.js';
import { useCloseCartToasts } from '../hooks/use-cart-toasts.js';
import { CartLines } from './cart-lines.js';
import { CartLoadError } from './cart-load-error.js';

const itemsText = (count: number) => (count === 1 ? '1 item' : `${count} items`);

function EmptyCart() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, textAlign: 'center' }}>
      <ShoppingCartOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        Your cart is empty.
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Add parts from the catalogue with “Add to cart”, then check out once for all of them.
      </Typography>
      <Button component={RouterLink} to={paths.parts.getHref()} variant="contained">
        Browse all parts
      </Button>
    </Paper>
  );
}

/**
 * The cheapest shipping the shop offers for these goods to the browser's country, before the
 * shopper says where they go (issue 25), and the total with it; tax follows the address at checkout. Priced by the
 * contract's priceLines, as the server prices the order.
 */
function ShippingEstimate({ cart }: { cart: Cart }) {
  const methods = useShippingMethods();
  // For the country the checkout will start from: a pick-up at a shop abroad is no estimate.
  const cheapest = methods.data && cheapestShipping(methods.data, cart.subtotal, browserCountry());
  if (!cheapest) return null;
  const estimate = priceLines(cart.lines, { shipping: cheapest });
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Typography color="textSecondary">Shipping from</Typography>
        <Typography color="textSecondary" data-testid="cart-shipping-estimate">
          {estimate.shipping === 0 ? 'Free' : formatPrice(estimate.shipping)} ({cheapest.name})
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }}>
        <Typography color="textSecondary">Estimated total</Typography>
        <Typography color="textSecondary" data-testid="cart-estimated-total">
          {formatPrice(estimate.total)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        Choose how it travels at checkout; tax follows the delivery address.
      </Typography>
    </>
  );
}

function Summary({ cart, signedIn }: { cart: Cart; signedIn: boolean }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Summary
        </Typography>
        <Typography color="textSecondary">{itemsText(cart.itemCount)}</Typography>
        <Divider sx={{ my: 1.5 }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 700 }}>Subtotal</Typography>
          <Typography variant="h5" component="p" data-testid="cart-subtotal">
            {formatPrice(cart.subtotal)}
          </Typography>
        </Stack>
        <ShippingEstimate cart={cart} />
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
          The cart holds no stock for you: the parts are reserved when you place the order at
          checkout.
        </Typography>
        {!cart.canCheckout && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            Change the lines marked in red to check out.
          </Alert>
        )}
        <Button
          component={RouterLink}
          to={paths.checkout.getHref()}
          variant="contained"
          color="secondary"
          size="large"
          fullWidth
          endIcon={<ArrowForwardIcon />}
          disabled={!cart.canCheckout}
          sx={{ mt: 2.5 }}
        >
          Checkout
        </Button>
        {!signedIn && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
            You will log in or create an account on the way; your cart comes with you.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The cart page: every line with its quantity, Remove and total, then the subtotal and the way to
 * checkout. `catalogue` prices a visitor's cart (a customer's comes priced from the server).
 */
export function CartScreen({ catalogue }: { catalogue: readonly Part[] | undefined }) {
  useCloseCartToasts();
  const state = useCart(catalogue);
  const actions = useCartActions();

  if (state.status === 'loading') return <FullScreenSpinner label="Loading your cart" />;
  if (state.status === 'error') return <CartLoadError state={state} />;
  if (state.cart.lines.length === 0) return <EmptyCart />;

  return (
    <Grid container spacing={{ xs: 2.5, md: 4 }}>
      <Grid size={{ xs: 12, md: 8 }}>
        <CartLines lines={state.cart.lines} actions={actions} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Summary cart={state.cart} signedIn={state.owner === 'customer'} />
      </Grid>
    </Grid>
  );
}
