/**
 * Login (docs/product.md §2.8). A visitor who came from Buy Now (the sign-in guard sent them here
 * from a purchase page) may buy without an account: "Continue as guest" puts the part, in the
 * size and quantity chosen, in the cart and opens the checkout (issue 35 item 1, decision 085).
 * This screen composes the auth, parts and cart features.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  checkOrderQuantity,
  isInStock,
  variantLabel,
  type CataloguePart,
} from '@sprocket/contract';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { paths, purchaseChoiceIn, type PurchaseChoice } from '../../config/paths.js';
import { isNotFoundError } from '../../lib/api-client.js';
import { errorMessage } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { LoginForm } from '../../features/auth/components/login-form.js';
import type { ReturnToState } from '../../features/auth/hooks/use-return-to.js';
import { useBuyAsGuest, type GuestPurchase } from '../../features/cart/hooks/use-buy-as-guest.js';
import { usePart } from '../../features/parts/api/get-part.js';

/**
 * What a guest would buy of `part`: the variant chosen and the quantity chosen (the minimum order
 * when that cannot be had), with its words; or why it cannot be bought now.
 */
function guestPurchaseOf(
  part: CataloguePart,
  choice: PurchaseChoice,
): { purchase: GuestPurchase; summary: string } | { notice: ReactNode } {
  const variant = part.variants.find((candidate) => candidate.sku === choice.sku);
  if (part.variants.length > 0 && !variant) {
    const options = part.options.map((option) => option.name.toLowerCase()).join(' and ');
    return {
      notice: (
        <>
          Choose the {options} of {part.productName} on{' '}
          <Link component={RouterLink} to={paths.part.getHref(part._id)}>
            its page
          </Link>{' '}
          first.
        </>
      ),
    };
  }
  const sold = { order: part.order, quantity: variant?.quantity ?? part.quantity };
  if (!isInStock(sold)) return { notice: 'This part is sold out for now.' };
  const quantity =
    choice.quantity !== undefined && !checkOrderQuantity(sold, choice.quantity)
      ? choice.quantity
      : part.order;
  const name = variant
    ? `${part.productName} (${variantLabel(part.options, variant)})`
    : part.productName;
  return {
    purchase: { partId: part._id, sku: variant?.sku, quantity },
    summary: `${quantity} × ${name}`,
  };
}

/** "Buy without an account": the part Buy Now chose, and "Continue as guest". */
function GuestBuyNow({ partId, choice }: { partId: string; choice: PurchaseChoice }) {
  const titleId = useId();
  const part = usePart(partId, { inPlace: true });
  const buyAsGuest = useBuyAsGuest();
  const [going, setGoing] = useState(false);
  const offer = part.data
    ? guestPurchaseOf(part.data, choice)
    : part.isError
      ? {
          notice: isNotFoundError(part.error)
            ? 'This part is no longer in our catalogue.'
            : errorMessage(part.error),
        }
      : undefined;

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2">
        Buy without an account
      </Typography>
      {offer && 'notice' in offer ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {offer.notice}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mt: 0.5, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {offer ? offer.summary : <Skeleton width="70%" />}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
            Check out as a guest: we email you a private link to your order, where you can follow it
            and pay for it.
          </Typography>
          <Button
            variant="contained"
            color="secondary"
            size="large"
            fullWidth
            disabled={!offer}
            loading={going}
            onClick={() => {
              if (!offer) return;
              setGoing(true);
              void buyAsGuest(offer.purchase);
            }}
          >
            Continue as guest
          </Button>
        </>
      )}
    </Box>
  );
}

export default function LoginRoute() {
  usePageTitle('Login');
  const from = (useLocation().state as ReturnToState | null)?.from;
  const partId = from && matchPath(paths.purchase.path, from.pathname)?.params.id;
  return (
    <LoginForm
      guest={
        partId ? (
          <GuestBuyNow partId={partId} choice={purchaseChoiceIn(from.search ?? '')} />
        ) : undefined
      }
    />
  );
}
