import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { checkOrderQuantity, isInStock, type Part } from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AddShoppingCartIcon } from '../../../components/icons/add-shopping-cart.js';
import { paths } from '../../../config/paths.js';
import { setChosenQuantity } from '../../../lib/chosen-quantity.js';
import { useReadAtHydration } from '../../../lib/use-hydrated.js';
import { useCartActions } from '../hooks/use-cart.js';
import { CART_LINK_PARAMS } from '../hooks/use-cart-link.js';
import { forgetCartToast, rememberCartToast } from '../hooks/use-cart-toasts.js';

/**
 * The quantity field drawn as MUI's small outlined TextField is (its border with a notch for the
 * label, the error colour, the focus ring), from plain elements: on All Parts every card has one,
 * and the TextField's five components each were a good part of the work of hydrating the page
 * (docs/decisions/058).
 */
const QUANTITY_FIELD_SX = {
  position: 'relative',
  borderRadius: 1,
  '& input': {
    position: 'relative',
    zIndex: 1,
    boxSizing: 'border-box',
    width: '100%',
    height: 40,
    px: 1.75,
    font: 'inherit',
    color: 'text.primary',
    bgcolor: 'transparent',
    border: 0,
    outlineOffset: 2,
  },
  '& fieldset': {
    position: 'absolute',
    inset: '-5px 0 0 0',
    m: 0,
    px: 1,
    py: 0,
    textAlign: 'left',
    border: 1,
    borderColor: 'rgba(0, 0, 0, 0.23)',
    borderRadius: 'inherit',
    pointerEvents: 'none',
    minWidth: 0,
  },
  '& legend': {
    display: 'block',
    p: 0,
    height: 11,
    fontSize: '0.75rem',
    visibility: 'hidden',
    whiteSpace: 'nowrap',
    '& > span': { px: '5px', display: 'inline-block' },
  },
  '& label': {
    position: 'absolute',
    top: -8,
    left: 14,
    lineHeight: '16px',
    fontSize: '0.75rem',
    color: 'text.secondary',
    pointerEvents: 'none',
  },
  '& input:hover ~ fieldset': { borderColor: 'text.primary' },
  '& input:focus ~ fieldset': { borderColor: 'primary.main', borderWidth: 2 },
  '& input:focus ~ label': { color: 'primary.main' },
  '&.invalid fieldset': { borderColor: 'error.main' },
  '&.invalid label': { color: 'error.main' },
} as const;

export type AddToCartPart = Pick<Part, '_id' | 'productName' | 'order' | 'quantity'> & {
  /** A part sold in variants is added as one of them (docs/decisions/064). */
  variants?: readonly { quantity: number }[];
  options?: readonly { name: string }[];
};

/**
 * A quantity (starting at the part's minimum order) and "Add to cart", for part cards and the
 * product page; the quantity chosen is the one the part's Buy Now carries (lib/chosen-quantity). The cart reserves nothing, so this only checks the quantity against the part as
 * the screen shows it; the cart page and the checkout check again. It is a real form: sent before
 * the page has hydrated, it goes to the cart with a cart link, which adds the part there
 * (useCartLink), so it works from the moment the page is painted.
 */
export function AddToCart({
  part,
  size = 'small',
  sku,
  formId,
}: {
  /** The part, or for a part sold in variants the chosen variant's stock as `quantity`. */
  part: AddToCartPart;
  size?: 'small' | 'medium';
  /** The chosen variant of a part sold in variants; without one, a link to choose it. */
  sku?: string;
  /** The form's id, for a button elsewhere that sends it (the product page's phone bar). */
  formId?: string;
}) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const actions = useCartActions();
  const [text, setText] = useState(String(part.order));
  const [adding, setAdding] = useState(false);
  const fieldId = useId();
  const problemId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);

  const quantity = Number(text);
  const soldOut = !isInStock(part);
  const problem = !Number.isInteger(quantity)
    ? 'Enter a whole number'
    : checkOrderQuantity(part, quantity)?.message;

  // A number typed before the page was hydrated stays (docs/decisions/086).
  useReadAtHydration(() => {
    const typed = fieldRef.current?.value;
    if (typed !== undefined && typed !== text) setText(typed);
  });
  // Buy Now carries a quantity other than the minimum order to the purchase page (decision 085).
  const chosen = problem || quantity === part.order ? undefined : quantity;
  useEffect(() => {
    setChosenQuantity(part._id, sku, chosen);
    return () => setChosenQuantity(part._id, sku, undefined);
  }, [part._id, sku, chosen]);

  const add = async () => {
    if (problem || adding) return;
    setAdding(true);
    try {
      await actions.add(part._id, quantity, sku);
    } catch {
      return; // the mutation cache shows the API's message
    } finally {
      setAdding(false);
    }
    const toast = enqueueSnackbar(`${quantity} × ${part.productName} added to your cart`, {
      variant: 'success',
      onClose: (_event, _reason, key) => {
        if (key !== undefined) forgetCartToast(key);
      },
      action: (key) => (
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            closeSnackbar(key);
            void navigate(paths.cart.getHref());
          }}
        >
          View cart
        </Button>
      ),
    });
    rememberCartToast(toast);
  };

  // Never a quantity rule such as "Between 1 and 0": a part that cannot be had is sold out.
  if (soldOut)
    return (
      <Button fullWidth variant="outlined" disabled size={size}>
        Sold out
      </Button>
    );

  // A part sold in variants is chosen on its page first (a card has no picker).
  if ((part.variants?.length ?? 0) > 0 && !sku)
    return (
      <Button
        fullWidth
        variant="outlined"
        size={size}
        component={RouterLink}
        to={paths.part.getHref(part._id)}
        aria-label={`Choose ${(part.options ?? []).map((option) => option.name.toLowerCase()).join(' and ') || 'a variant'} of ${part.productName}`}
      >
        Choose {(part.options ?? []).map((option) => option.name.toLowerCase()).join(' and ')}
      </Button>
    );

  return (
    <Stack
      component="form"
      id={formId}
      noValidate
      action={paths.cart.getHref()}
      method="get"
      aria-label={`Add ${part.productName} to the cart`}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
    >
      <Box sx={{ width: 104, flexShrink: 0 }}>
        <Box sx={QUANTITY_FIELD_SX} className={problem ? 'invalid' : undefined}>
          <input
            ref={fieldRef}
            id={fieldId}
            name={CART_LINK_PARAMS.quantity}
            type="number"
            value={text}
            onChange={(event) => setText(event.target.value)}
            min={part.order}
            max={part.quantity}
            step={1}
            aria-label={`Quantity of ${part.productName}`}
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? problemId : undefined}
          />
          <fieldset aria-hidden="true">
            <legend>
              <span>Quantity</span>
            </legend>
          </fieldset>
          <label htmlFor={fieldId} aria-hidden="true">
            Quantity
          </label>
        </Box>
        {problem && (
          <Typography
            id={problemId}
            variant="caption"
            component="p"
            color="error"
            sx={{ mx: 1.75, mt: 0.5 }}
          >
            {problem}
          </Typography>
        )}
      </Box>
      <Button
        type="submit"
        variant="outlined"
        color="primary"
        size={size === 'small' ? 'medium' : 'large'}
        startIcon={<AddShoppingCartIcon />}
        disabled={Boolean(problem)}
        loading={adding}
        aria-label={`Add to cart: ${part.productName}`}
        sx={{ flex: 1, whiteSpace: 'nowrap', minHeight: 40 }}
      >
        Add to cart
      </Button>
      <input type="hidden" name={CART_LINK_PARAMS.part} value={part._id} />
      {sku && <input type="hidden" name={CART_LINK_PARAMS.sku} value={sku} />}
    </Stack>
  );
}
