import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router';
import { ShoppingCartOutlinedIcon } from '../../../components/icons/shopping-cart-outlined.js';
import { paths } from '../../../config/paths.js';
import { useCartItemCount } from '../hooks/use-cart.js';

/** The navigation bar's cart: an icon with how many items it holds, linking to the cart page. */
export function CartNavButton() {
  // Unknown while a session is restored or a sign-in completes: no number rather than a wrong one.
  const count = useCartItemCount();
  return (
    <IconButton
      color="inherit"
      component={RouterLink}
      to={paths.cart.getHref()}
      aria-label={count === null ? 'Cart' : count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`}
    >
      {/* No badge at all for an empty cart: a hidden badge keeps showing its last number to
          animate away, and the link's text would then contradict its name. */}
      {count ? (
        <Badge
          badgeContent={count}
          color="secondary"
          max={99}
          data-testid="cart-count"
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <ShoppingCartOutlinedIcon />
        </Badge>
      ) : (
        <ShoppingCartOutlinedIcon />
      )}
    </IconButton>
  );
}
