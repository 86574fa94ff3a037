import Button from '@mui/material/Button';
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
    <form
      className="add-to-cart"
      id={formId}
      noValidate
      action={paths.cart.getHref()}
      method="get"
      aria-label={`Add ${part.productName} to the cart`}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      {/* The quantity field drawn as MUI's small outlined TextField is, from plain elements
          (ADD_TO_CART_CSS): every card has one (docs/decisions/058, 116). */}
      <div className="quantity-field-box">
        <div className={problem ? 'quantity-field invalid' : 'quantity-field'}>
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
        </div>
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
      </div>
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
    </form>
  );
}
